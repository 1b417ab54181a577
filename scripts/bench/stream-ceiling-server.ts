// The event streams' ceiling (see live-events.ts): a bare node:http server that holds every
// request open as an event stream does and writes nothing more, so the memory 2,000 open streams
// add to it is what the sockets themselves cost. Reports its port over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  response.write('retry: 2000\n\n');
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
// Ends with the bench: its IPC channel closes when the parent stops it or dies.
process.once('disconnect', () => process.exit(0));
