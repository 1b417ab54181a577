import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** How long a restore waits for the page's content to make room for the old position. */
const RESTORE_WAIT_MS = 2_000;

/** How far down each history entry (by its location key) was left; kept over a reload. */
let positions: Record<string, number> = {};
try {
  positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
} catch {
  // Nothing kept, or no storage: pages open where the browser puts them.
}

/**
 * The window's scroll across navigations (react-router's <ScrollRestoration> needs its data
 * router). A new page opens at the top; Back and Forward return to where the page was left, once
 * its content has rendered far enough down; a link to `#id` scrolls to that element. A change of
 * only the query string on the same page (search filters, sort, the next results) stays where it
 * is: the user is at the control they used, and the results change under it.
 */
export default function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);

  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // No storage: a reload opens at the top.
      }
    };
    addEventListener('pagehide', keep);
    return () => removeEventListener('pagehide', keep);
  }, []);

  useLayoutEffect(() => {
    // Saved as the user scrolls: by the time a navigation is known, the next page may already
    // have changed the document's height, and so the scroll.
    const save = () => (positions[key] = window.scrollY);
    addEventListener('scroll', save, { passive: true });

    const samePage = pathname === shownPath.current;
    shownPath.current = pathname;
    const saved = positions[key];
    let scroll: (() => boolean) | undefined;
    if (navigationType === 'POP' && saved !== undefined) {
      scroll = () => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 1;
      };
    } else if (hash) {
      scroll = () => {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        target?.scrollIntoView();
        return !!target;
      };
    } else if (navigationType !== 'POP' && !samePage) {
      window.scrollTo(0, 0);
    }

    // Tried again at each frame until the content is there, unless the user scrolls first.
    let frame = 0;
    const inputs = ['wheel', 'touchstart', 'keydown'];
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const input of inputs) removeEventListener(input, stop);
    };
    if (scroll) {
      const until = Date.now() + RESTORE_WAIT_MS;
      const attempt = () => {
        if (scroll() || Date.now() > until) stop();
        else frame = requestAnimationFrame(attempt);
      };
      for (const input of inputs) addEventListener(input, stop, { passive: true });
      attempt();
    }
    return () => {
      removeEventListener('scroll', save);
      stop();
    };
  }, [key, pathname, hash, navigationType]);

  return null;
}
