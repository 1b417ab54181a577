import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { NotificationPreferences } from '@reloop/shared';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';
import { noticeKinds, noticePreferences } from './notice-kinds.ts';
import { FormProblem } from '../../../components/form-field.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Which notice emails to get. Security emails (reset, confirmation, address change) always go. */
export function NotificationsSection() {
  const preferences = useNotificationPreferences();
  return (
    <SettingsSection id="notifications" title="Email notifications">
      <p className="text-base-content/80 text-sm">
        What Reloop emails you about, besides your account&apos;s security (a password reset, a
        change of address), which it always does. Each email also has a link that turns its kind
        off.
      </p>
      {preferences.isPending ? (
        <Spinner label="Loading your email choices" />
      ) : preferences.isError ? (
        <div className="grid justify-items-start gap-2">
          <p role="alert" className="text-error">
            {errorMessage(preferences.error)}
          </p>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void preferences.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <PreferencesForm saved={preferences.data} />
      )}
    </SettingsSection>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const { register, handleSubmit, reset } = useForm<NotificationPreferences>({
    defaultValues: saved,
  });
  // What the server kept is what shows (after a save, or a change in another tab).
  useEffect(() => reset(saved), [saved, reset]);

  const onSubmit = handleSubmit((choices) =>
    save.mutate(choices, {
      onSuccess: () => toast.success('Your email choices are saved'),
    }),
  );

  return (
    <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Email me about</legend>
        {noticePreferences.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-0.5 shrink-0"
              aria-labelledby={`notify-${kind}-label`}
              aria-describedby={`notify-${kind}-description`}
              {...register(kind)}
            />
            <span className="grid">
              <span id={`notify-${kind}-label`} className="font-medium">
                {noticeKinds[kind].label}
              </span>
              <span id={`notify-${kind}-description`} className="text-base-content/80 text-sm">
                {noticeKinds[kind].description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormProblem>{save.isError && errorMessage(save.error)}</FormProblem>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
          Save email choices
        </button>
      </div>
    </form>
  );
}
