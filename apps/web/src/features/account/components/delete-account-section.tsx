import { zodResolver } from '@hookform/resolvers/zod';
import { startTransition, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { accountDeletionBodySchema } from '@reloop/shared';
import { FormField, FormProblem } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { deleteAccount } from '../api/delete-account.ts';
import { SettingsSection } from './settings-section.tsx';

/** What deleting the account does, said before it is done (DESIGN §14). */
const consequences = [
  'Your unsold listings are removed.',
  'Your open bookings are cancelled, and the paid ones refunded.',
  'Your name, email address, phone and photo are erased.',
  'Finished sales stay in the other side’s records, with you shown as “Deleted user”.',
];

export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <SettingsSection id="delete-account" title="Delete account">
      <p>
        Deleting your account cannot be undone. Download your data first if you want to keep it.
      </p>
      <div>
        <button type="button" className="btn btn-error" onClick={() => setAsking(true)}>
          Delete my account
        </button>
      </div>
      {asking && (
        <DeleteAccountDialog hasPassword={hasPassword} onCancel={() => setAsking(false)} />
      )}
    </SettingsSection>
  );
}

const confirmationSchema = z.object({ password: accountDeletionBodySchema.shape.password });
type ConfirmationForm = z.input<typeof confirmationSchema>;

/**
 * The last word before deleting: what will be lost, and the password (or, for an account that
 * signs in only with Google, its email address) to show the owner means it.
 */
function DeleteAccountDialog({
  hasPassword,
  onCancel,
}: {
  hasPassword: boolean;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const { signOutLocally } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ConfirmationForm>({
    resolver: zodResolver(confirmationSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      await deleteAccount(password);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        return setError('password', { message: error.message }, { shouldFocus: true });
      }
      return setProblem(errorMessage(error));
    }
    // The server has ended every session of the account: nothing to sign out of there. One
    // transition, as the router's own navigation is: signed out while still on the dashboard,
    // its guard would send the visitor to /login instead.
    startTransition(() => {
      void navigate('/', { replace: true });
      signOutLocally();
    });
    toast.success('Your account is deleted');
  });

  const busy = formState.isSubmitting;
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="delete-account-dialog-title"
      aria-describedby="delete-account-dialog-consequences"
      onClose={onCancel}
    >
      <div className="modal-box">
        <h2 id="delete-account-dialog-title" className="text-lg font-bold">
          Delete your account?
        </h2>
        <div id="delete-account-dialog-consequences" className="py-3">
          <p>This cannot be undone:</p>
          <ul className="list-disc ps-6">
            {consequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          {/* An account that signs in with Google has no password: it types its address. */}
          <FormField
            id="delete-account-dialog-password"
            {...(hasPassword
              ? { label: 'Your password', type: 'password', autoComplete: 'current-password' }
              : { label: 'Your email address', type: 'email', autoComplete: 'email' })}
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <FormProblem>{problem}</FormProblem>
          <div className="modal-action mt-0 flex-wrap">
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
              Keep my account
            </button>
            <button type="submit" className="btn btn-error" disabled={busy}>
              {busy && <span className="loading loading-spinner" aria-hidden="true" />}
              Delete my account for good
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
