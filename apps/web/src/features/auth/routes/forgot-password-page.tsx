import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ACCOUNT_LINK_MINUTES, passwordResetBodySchema } from '@reloop/shared';
import { FormField, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { required } from '../../../lib/form-schemas.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

const forgotSchema = z.object({ email: required(passwordResetBodySchema.shape.email) });
type ForgotForm = z.input<typeof forgotSchema>;
type ForgotFormOutput = z.output<typeof forgotSchema>;

/**
 * /forgot-password — asks for a link to choose a new password. What it says afterwards is the
 * same whether or not an account uses the address, as the API's answer is: nobody learns here
 * who has an account.
 */
export function Component() {
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotForm, unknown, ForgotFormOutput>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // A 429 carries the API's own words ("Too many emails were asked for; try again in a few
      // minutes"); anything else is said as it came.
      setProblem(errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <div role="status" className="grid gap-3">
          <p>
            If an account uses <strong className="break-all">{sentTo}</strong>, we sent it a link to
            choose a new password. The link works once, for the next{' '}
            {ACCOUNT_LINK_MINUTES.passwordReset} minutes.
          </p>
          <p className="text-base-content/80 text-sm">
            Nothing after a few minutes? Look in your spam folder, or check the address and ask
            again.
          </p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => setSentTo(null)}>
          Use another address
        </button>
        <p className="text-center text-sm">
          <Link to="/login" className="link link-primary">
            Back to login
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password">
      <p>
        Type the email address of your account: we will send it a link to choose a new password.
      </p>
      <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <FormProblem>{problem}</FormProblem>
        <SubmitButton busy={formState.isSubmitting}>Send me a link</SubmitButton>
      </form>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
