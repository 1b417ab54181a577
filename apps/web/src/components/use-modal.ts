import { useEffect, type RefObject } from 'react';

/**
 * Opens a <dialog> as a modal (focus trapped, Escape closes) while `open` is true. When it
 * closes, or its component goes away, focus goes back to what opened it, so keyboard and
 * screen-reader users carry on where they were instead of at the top of the page. Where the
 * browser lacks showModal (test DOMs), it falls back to the open attribute.
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, [dialog, open]);
}
