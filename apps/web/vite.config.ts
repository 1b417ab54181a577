/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { skipLoadedPreloads } from './scripts/skip-loaded-preloads.ts';

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

// What almost every page uses besides the libraries: the API client, the session token, the
// shared query keys and the UI texts, in one file rather than two small ones the first bundle
// imports anyway.
const CORE =
  /packages[\\/]shared[\\/]src[\\/]messages\.ts$|src[\\/]lib[\\/](api-client|token|query-keys)\.ts$/;
// The dashboard's shared parts (confirming, removing a listing, a booking's row, badges, changes
// and review, a query's loading and error states, the orders' and the admins' query keys) in one
// file its pages share: each separate
// chunk costs the first bundle its name in the routes' preload lists, and counts against the
// chunks the hash can number. The public pages' shared parts stay apart, so they load none of it.
const DASHBOARD_KIT =
  /src[\\/](components[\\/](confirm-dialog|product-removal|booking-details|booking-row|booking-change|booking-review|loaded)\.tsx|lib[\\/](bookings|product-mutations)\.ts|features[\\/](orders|admin)[\\/]api[\\/]query-keys\.ts)$/;
// The rules every form checks besides its schema (a number typed as text, the API's field errors),
// in one file: each form loads both, and each chunk costs the first bundle its name.
const FORM_RULES = /src[\\/]lib[\\/](form-errors|form-schemas)\.ts$/;
// The small parts public pages and the dashboard alike show: display formats (prices, dates), a
// listing's facts, who one deals with (the verified badge, ratings, a profile's address and
// query), a page's failure to load its one thing, an action's toast, whether the tab's live
// events are open, and the keys of the conversations before booking, in one file. A page that
// shows one nearly always loads the others, from its own code or the dashboard kit's; each apart
// would cost the first bundle a name and the hash's count a chunk.
const UI_KIT =
  /src[\\/](components[\\/](reputation|load-failure)\.tsx|lib[\\/](format|profiles|mutation-toasts|live-status|questions)\.ts|features[\\/]catalog[\\/](components[\\/]listing-details\.tsx|api[\\/](watchlist|saved-searches)\.ts)|moderation-labels\.ts)$/;
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress(), skipLoadedPreloads()],
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
        // Six characters of hash (36 bits) instead of eight tell a chunk's versions apart as
        // well, and each lazily loaded chunk's name is written into the first bundle (its route's
        // import and the preload lists): about 0.1 KB gzip less, the room of two routes. Six
        // characters number 64 chunks at most, the entry included (the build fails beyond that):
        // the groups below and the pages that share a chunk (src/app/routes) keep under it.
        chunkFileNames: 'assets/[name]-[hash:6].js',
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id) => FRAMEWORK.test(id) && !LAZY_ONLY.test(id) },
            // Their own modules only: what they import stays where it is shared from.
            { name: 'core', test: CORE, includeDependenciesRecursively: false },
            { name: 'dashboard-kit', test: DASHBOARD_KIT, includeDependenciesRecursively: false },
            { name: 'ui-kit', test: UI_KIT, includeDependenciesRecursively: false },
            { name: 'form-rules', test: FORM_RULES, includeDependenciesRecursively: false },
          ],
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
    // A file's first test also loads its page's modules: about 5 s when the whole suite shares
    // two cores, past vitest's default limit. A test that hangs still fails.
    testTimeout: 15_000,
  },
}));
