import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for what the user would see; a lazy page loading on a machine busy with
// other test files can take longer than the 1 s default without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the theme and the toaster ask it for the user's preferences. Set
// directly rather than stubbed, since stubs are undone after each test.
window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
});

// jsdom does not scroll, and says so on every call; pages scroll on navigation (scroll-restoration).
window.scrollTo = () => undefined;

// Vitest globals are off, so Testing Library cannot register its own auto-cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
