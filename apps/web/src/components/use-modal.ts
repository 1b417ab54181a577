import { useEffect, type RefObject } from 'react';

/**
 * Opens a <dialog> as a modal (focus trapped, Escape closes) while `open` is true. Where the
 * browser lacks showModal (test DOMs), it falls back to the open attribute.
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open === open) return;
    if (!open) element.close();
    else if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, [dialog, open]);
}
