// The bench's SMTP server process (see email.ts): accepts every email on loopback, counts them
// by Message-ID, reports its port, and answers each `counts` request over IPC. A process of its
// own, so receiving a burst of emails never slows the bench's load generator beside it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const seen = new Map<string, number>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `(no Message-ID ${seen.size})`;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on('message', () => {
  const duplicates = [...seen.values()].reduce((sum, count) => sum + count - 1, 0);
  process.send?.({ distinct: seen.size, duplicates });
});
// Ends with the bench: its IPC channel closes when the parent stops it or dies.
process.once('disconnect', () => process.exit(0));
