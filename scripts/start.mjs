// `npm start`: rebuilds the web app and the server bundle when their sources are newer than the
// last build, then runs the server (which also serves the web app) in this same process, so
// Ctrl-C reaches it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// npm scripts run the Node that package.json pins (node_modules/.bin/node); a start by hand
// on an older Node would fail later with an obscure error.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  console.error(
    `Reloop needs Node 22 or newer (this is ${process.version}): run it with \`npm start\`, which uses the Node 24 installed by \`npm install\`.`,
  );
  process.exit(1);
}

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const shared = 'packages/shared/src';
const builds = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      shared,
    ],
    output: 'apps/web/dist/index.html',
  },
  {
    name: 'the server',
    workspace: 'apps/api',
    sources: ['apps/api/src', 'apps/api/build.mjs', shared],
    output: 'apps/api/dist/server.mjs',
  },
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))),
  );
}

for (const { name, workspace, sources, output } of builds) {
  const builtAt = newestChange(path.join(root, output));
  if (builtAt >= Math.max(...sources.map((entry) => newestChange(path.join(root, entry))))) {
    continue;
  }
  console.log(`Building ${name}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    // Whatever NODE_ENV the caller has (test runners set `test`), ship the production build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The bundle's stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/server.mjs');
