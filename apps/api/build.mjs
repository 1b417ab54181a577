// Bundles the server into dist/server.mjs, which `npm start` runs (docs/decisions/014): plain
// JavaScript, so the process needs no TypeScript loader beside the app. Only our own
// workspaces are bundled; every package is imported from node_modules as it would be unbundled.
import { build } from 'esbuild';

const ownWorkspace = /^@reloop\//;

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // start.mjs enables source maps, so stack traces name the TypeScript sources.
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          ownWorkspace.test(path) ? undefined : { path, external: true },
        );
      },
    },
  ],
});
