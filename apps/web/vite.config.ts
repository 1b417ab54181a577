/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// Where the API listens in development (apps/api). `vite preview` reuses this proxy.
const API_TARGET = 'http://localhost:3000';

// react-router's package exports always point at its development build (remix-run/react-router
// #14102), which keeps dev-only warnings and 0.5 KB gzip in the first bundle. The build takes
// its production build; dev server and tests keep the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The libraries every page runs on (React, the router, TanStack Query, the API client, the icons'
// base) and the bundler's preload helper, in one file that stays cached across app releases: one
// request and one compression window instead of a dozen small shared chunks (2.9 KB gzip less
// for the home page). TanStack's mutation and infinite-list hooks stay out: only lazily loaded pages
// use them.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|openapi-fetch|react-icons[\\/]lib)[\\/]|^\0vite[\\/]preload-helper/;
const LAZY_ONLY =
  /@tanstack[\\/].*[\\/](mutationObserver|infiniteQueryObserver|useMutation|useInfiniteQuery|infiniteQueryOptions)\.js$/;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself; the polyfill would cost the first
    // bundle 0.2 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: (id) => FRAMEWORK.test(id) && !LAZY_ONLY.test(id) }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Tests stub `fetch` with vi.stubGlobal; undo that after every test.
    unstubGlobals: true,
  },
}));
