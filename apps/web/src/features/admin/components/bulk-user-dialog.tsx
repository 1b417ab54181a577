import { useRef, useState, type FormEvent } from 'react';
import { useModal } from '../../../components/use-modal.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useBulkUserAction } from '../api/users.ts';
import { SUSPENSION_EFFECTS } from './suspend-dialog.tsx';
import {
  checkSuspension,
  NEW_SUSPENSION,
  periodWords,
  SuspensionFields,
  type SuspensionErrors,
} from './suspension-fields.tsx';
import { FormProblem } from '../../../components/form-field.tsx';

export type BulkAction = 'suspend' | 'delete';

const users = (count: number) => `${count} user${count === 1 ? '' : 's'}`;

const DELETION_EFFECTS =
  'their accounts are closed at once and their listings disappear; their open bookings are cancelled and paid ones refunded. Bookings stay readable.';

/**
 * The one confirmation of a bulk suspend or delete (the spec's checkboxes): it says what will
 * happen to how many, and a suspension asks how long and why. All or nothing: a refusal of any
 * one of them stays in the dialog with the server's message, and the selection is kept.
 */
export function BulkUserDialog({
  action,
  ids,
  onCancel,
  onDone,
}: {
  action: BulkAction;
  ids: string[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const bulk = useBulkUserAction();
  const [input, setInput] = useState(NEW_SUSPENSION);
  const [errors, setErrors] = useState<SuspensionErrors>({});
  const count = users(ids.length);
  const suspending = action === 'suspend';
  const verb = suspending ? 'Suspend' : 'Delete';
  const message = suspending
    ? `Suspend ${count} ${periodWords(input)}: ${SUSPENSION_EFFECTS}`
    : `Delete ${count}: ${DELETION_EFFECTS}`;

  const send = (event: FormEvent) => {
    event.preventDefault();
    let extra = {};
    if (suspending) {
      const checked = checkSuspension(input);
      if ('errors' in checked) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      extra = checked.body;
    }
    bulk.mutate(
      { action, ids, ...extra },
      {
        onSuccess: () => {
          toastOutcome(`${count} ${suspending ? 'suspended' : 'deleted'}`).onSuccess();
          onDone();
        },
      },
    );
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="bulk-title" onClose={onCancel}>
      <div className="modal-box">
        <h2 id="bulk-title" className="text-lg font-bold">
          {verb} {count}?
        </h2>
        <form className="grid gap-2" onSubmit={send} noValidate>
          <p className="py-2">{message}</p>
          {suspending && (
            <SuspensionFields id="bulk" value={input} errors={errors} onChange={setInput} />
          )}
          <FormProblem>{bulk.error && errorMessage(bulk.error)}</FormProblem>
          <div className="modal-action">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={onCancel}
              disabled={bulk.isPending}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={bulk.isPending}>
              {bulk.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
              {verb} {count}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
