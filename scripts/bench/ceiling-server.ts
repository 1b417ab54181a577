// The ceiling's server process (see ceiling.ts): a bare node:http server that answers every
// request with the bytes it is sent over IPC, then reports its port back.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Reply {
  body: string; // base64
  contentType: string;
}

process.once('message', (message: Reply) => {
  const body = Buffer.from(message.body, 'base64');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': message.contentType, 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  // Ends with the bench: its IPC channel closes when the parent stops it or dies.
  process.once('disconnect', () => process.exit(0));
});
