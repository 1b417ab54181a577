import { useEffect } from 'react';

const SITE = 'Reloop';

/**
 * The browser tab's title for the page on screen, so tabs, history and bookmarks tell pages
 * apart and a screen reader announces where a navigation landed. Back to the site's own title
 * when the page goes away.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
