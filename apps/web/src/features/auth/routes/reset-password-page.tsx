import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordResetConfirmBodySchema } from '@reloop/shared';
import { FormField, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { required } from '../../../lib/form-schemas.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

const passwordChanged = 'Your password is changed: sign in with the new one';

const resetSchema = z
  .object({
    password: required(passwordResetConfirmBodySchema.shape.password),
    repeat: z.string(),
  })
  .refine((form) => form.password === form.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same',
  });
type ResetForm = z.input<typeof resetSchema>;

const askAgain = (
  <Link to="/forgot-password" className="link link-primary">
    Ask for a new link
  </Link>
);

/**
 * /reset-password?token=… — where the reset email's link lands: a new password, twice. The link
 * works once; one that is used, expired or unknown says so, with the way to a new one. Every
 * session of the account ends with the change, so this device's too.
 */
export function Component() {
  usePageTitle('Choose a new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const { user, signOutLocally } = useAuth();
  const navigate = useNavigate();
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ResetForm>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', repeat: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      await confirmPasswordReset({ token, password });
    } catch (error) {
      if (showFieldErrors<ResetForm>(error, ['password'], setError)) return;
      if (error instanceof ApiError && error.status === 400) setDeadLink(error.message);
      else setProblem(errorMessage(error));
      return;
    }
    // The server has ended every session of the account, this one included.
    if (user) signOutLocally();
    toast.success(passwordChanged);
    await navigate('/login', { replace: true });
  });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert">
          This page needs the link from the email we sent you, and this address has none. Open the
          link from the email again, or ask for a new one.
        </p>
        <p className="text-center">{askAgain}</p>
      </AuthCard>
    );
  }

  if (deadLink) {
    return (
      <AuthCard title="This link no longer works">
        <p role="alert">{deadLink}</p>
        <p className="text-center">{askAgain}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <FormField
          id="reset-repeat"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.repeat?.message}
          {...register('repeat')}
        />
        <FormProblem>{problem}</FormProblem>
        <SubmitButton busy={formState.isSubmitting}>Save the new password</SubmitButton>
      </form>
      <p className="text-sm">Saving it signs you out on every device; then sign in with it.</p>
    </AuthCard>
  );
}
