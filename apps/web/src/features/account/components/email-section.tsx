import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailChangeBodySchema } from '@reloop/shared';
import { FormField, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { AuthUser } from '../../../lib/auth.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { required } from '../../../lib/form-schemas.ts';
import { requestEmailChange } from '../api/email-change.ts';
import { SettingsSection } from './settings-section.tsx';

const { shape } = emailChangeBodySchema;
const emailSchema = z.object({ newEmail: required(shape.newEmail), password: shape.password });
type EmailForm = z.input<typeof emailSchema>;
type EmailFormOutput = z.output<typeof emailSchema>;

/**
 * A new email address. Nothing changes until the link sent there is followed, so a typo cannot
 * lock anybody out; the old address is told when it happens.
 */
export function EmailSection({ user }: { user: AuthUser }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    EmailForm,
    unknown,
    EmailFormOutput
  >({ resolver: zodResolver(emailSchema), defaultValues: { newEmail: '', password: '' } });

  const onSubmit = handleSubmit(async ({ newEmail, password }) => {
    setProblem(null);
    setSentTo(null);
    try {
      await requestEmailChange({ newEmail, password });
      reset({ newEmail: '', password: '' });
      setSentTo(newEmail);
    } catch (error) {
      if (showFieldErrors<EmailForm>(error, ['newEmail', 'password'], setError)) return;
      // 409: another account uses the address. A 400 without a field (the password is not
      // right, the address is already this account's) is said under the form.
      if (error instanceof ApiError && error.status === 409) {
        return setError('newEmail', { message: error.message }, { shouldFocus: true });
      }
      setProblem(errorMessage(error));
    }
  });

  const { errors } = formState;
  return (
    <SettingsSection id="email" title="Email">
      <p className="break-words">
        Your address is <strong className="break-all">{user.email}</strong>
        {user.emailVerified ? ' (confirmed).' : ' (not confirmed yet).'}
      </p>
      <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          id="email-new"
          label="New email address"
          type="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...register('newEmail')}
        />
        <FormField
          id="email-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormProblem>{problem}</FormProblem>
        <p role="status" className={sentTo ? undefined : 'sr-only'}>
          {sentTo && (
            <>
              We sent a link to <strong className="break-all">{sentTo}</strong>; your address
              changes when you follow it.
            </>
          )}
        </p>
        <div>
          <SubmitButton busy={formState.isSubmitting}>Change email</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
