import { useRef, useState } from 'react';
import { useModal } from './use-modal.ts';

/**
 * An accessible yes/no dialog for destructive actions (delete a user or a product, cancel a
 * booking).
 */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** What backing out is called, where "Cancel" would be ambiguous (cancelling a booking). */
  dismissLabel?: string | undefined;
  busy?: boolean;
  /** The confirm button waits (e.g. for what the action would do to be known). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy,
  confirmDisabled,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, open);
  if (!open) return null;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="confirm-title" onClose={onCancel}>
      <div className="modal-box">
        <h2 id="confirm-title" className="text-lg font-bold">
          {title}
        </h2>
        <p className="py-4">{message}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className="btn btn-error"
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
          >
            {busy && <span className="loading loading-spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * A destructive action that waits for confirmation: `ask(item)` opens the dialog, `confirm`
 * runs the action, which calls `done` once the server has answered to close it again.
 */
export function useConfirmedAction<T>(run: (item: T, done: () => void) => void) {
  const [pending, setPending] = useState<T | null>(null);
  return {
    pending,
    ask: (item: T) => setPending(item),
    cancel: () => setPending(null),
    confirm: () => {
      if (pending !== null) run(pending, () => setPending(null));
    },
  };
}

/** The small red "delete" button of the dashboard tables; it only asks, the dialog decides. */
export function DeleteButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-sm btn-error" onClick={onClick}>
      delete
    </button>
  );
}
