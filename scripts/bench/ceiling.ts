// The ceiling: what a bare node:http server does with the same response on this machine, in
// this run. A cached read (categories) is judged as a share of it, which holds on any machine,
// where an absolute req/s would not. It runs in a child process so that it has an event loop
// of its own, as the app has, instead of sharing the bench's with autocannon.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

export async function startCeiling(body: Buffer, contentType: string): Promise<Ceiling> {
  const child = fork(fileURLToPath(new URL('./ceiling-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    child.send({ body: body.toString('base64'), contentType });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
