// `npm start`: builds the web app when its sources are newer than the last build, then runs
// the API (which also serves the web app) in this same process, so Ctrl-C reaches it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];
const builtIndex = path.join(root, 'apps/web/dist/index.html');

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))),
  );
}

const sourcesChanged = Math.max(...webSources.map((entry) => newestChange(path.join(root, entry))));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    // Whatever NODE_ENV the caller has (test runners set `test`), ship the production bundle.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import('../apps/api/src/server.ts');
