import { useRef, useState, type FormEvent } from 'react';
import type { AdminUser } from '@reloop/shared';
import { useModal } from '../../../components/use-modal.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useSuspendUser } from '../api/users.ts';
import {
  checkSuspension,
  NEW_SUSPENSION,
  SuspensionFields,
  type SuspensionErrors,
} from './suspension-fields.tsx';
import { FormProblem } from '../../../components/form-field.tsx';

const suspended = toastOutcome('User suspended');

/** What a suspension does at once, said before it is confirmed. */
export const SUSPENSION_EFFECTS =
  'they are signed out, their listings are hidden and their open bookings are cancelled and refunded.';

/**
 * Suspending one user: for how long and why. A refusal (an admin, oneself) stays in the dialog
 * with the server's message; once done it toasts and closes.
 */
export function SuspendDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const suspend = useSuspendUser();
  const [input, setInput] = useState(NEW_SUSPENSION);
  const [errors, setErrors] = useState<SuspensionErrors>({});
  const name = user.userName || user.userEmail;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSuspension(input);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    suspend.mutate(
      { id: user._id, ...checked.body },
      {
        onSuccess: () => {
          suspended.onSuccess();
          onClose();
        },
      },
    );
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="suspend-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="suspend-title" className="mb-2 text-xl font-bold">
          Suspend {name}
        </h2>
        <p className="mb-4 text-sm">Until it ends, {SUSPENSION_EFFECTS}</p>
        <form className="grid gap-2" onSubmit={send} noValidate>
          <SuspensionFields id="suspend" value={input} errors={errors} onChange={setInput} />
          <FormProblem>{suspend.error && errorMessage(suspend.error)}</FormProblem>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={suspend.isPending}>
              {suspend.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
              Suspend
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
