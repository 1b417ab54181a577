import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeLoopbackPort } from '../../src/free-port.ts';

/** Debian's haproxy, as a deployment would put in front of several instances. */
export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const haproxyInstalled = existsSync(HAPROXY_PATH);

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The balancer docs/scaling.md describes: round robin over the instances, an instance in
 * rotation only while `/api/health` answers 200 (checked every 500 ms), and a request whose
 * instance refused the connection or died before answering sent to another one; event streams
 * through a backend of their own that sends each event at once.
 */
export function haproxyConfig(frontendPort: number, instancePorts: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch',
    // Only failures where the instance cannot have acted on the request are retried elsewhere.
    '  retry-on conn-failure empty-response',
    '  option forwardfor',
    'frontend web',
    `  bind 127.0.0.1:${frontendPort}`,
    '  use_backend reloop_events if { path /api/events }',
    '  default_backend reloop',
    ...backend('reloop', instancePorts),
    // Each event goes out as it comes: by default haproxy asks the kernel to wait for more data
    // to fill a packet, which held small events back for up to 200 ms.
    ...backend('reloop_events', instancePorts),
    '  option http-no-delay',
    '',
  ].join('\n');
}

/** Round robin over the instances, each in rotation while its health check answers 200. */
function backend(name: string, instancePorts: number[]): string[] {
  return [
    `backend ${name}`,
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1',
    ...instancePorts.map((port, index) => `  server reloop${index + 1} 127.0.0.1:${port} check`),
  ];
}

/** Starts haproxy in the foreground in front of `instancePorts`; resolves once it answers. */
export async function startHaproxy(instancePorts: number[]): Promise<Balancer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reloop-haproxy-'));
  const port = await freeLoopbackPort();
  const configFile = path.join(dir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(port, instancePorts));
  let output = '';
  const child = spawn(HAPROXY_PATH, ['-db', '-f', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
      const health = await fetch(`${url}/api/health`).catch(() => undefined);
      if (health?.status === 200) break;
      if (attempt === 100) throw new Error(`haproxy did not pass traffic: ${output}`);
      await sleep(100);
    }
  } catch (error) {
    // A balancer that never passed traffic leaves neither its process nor its config behind.
    await stop();
    throw error;
  }
  return { url, stop };
}
