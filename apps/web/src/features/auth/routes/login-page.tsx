import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FaFacebookF, FaGithub, FaGoogle } from 'react-icons/fa6';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { signInBodySchema } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { FormField, SubmitButton } from '../../../components/form-field.tsx';
import { useReturnPath } from '../../../components/guards.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { required } from '../../../lib/form-schemas.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { startGoogleSignIn } from '../google-sign-in.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /login — email and password, or Google when the server offers it. */
const loginSchema = z.object({
  email: required(signInBodySchema.shape.email),
  password: required(signInBodySchema.shape.password),
});
type LoginForm = z.input<typeof loginSchema>;

/** Why Google sign-in sent the user back here (the API's or the landing page's redirect says). */
const SIGN_IN_ERRORS: Record<string, string | undefined> = {
  failed: uiMessages.googleSignInFailed,
  not_started: uiMessages.googleSignInNotStarted,
};

export function Component() {
  usePageTitle('Login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const config = useConfig();
  const signInError = SIGN_IN_ERRORS[useSearchParams()[0].get('signin_error') ?? ''];
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      await navigate(returnPath, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const googleEnabled = config.data?.oidc === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Login</h1>
          {signInError && (
            <p role="alert" className="alert alert-error">
              {signInError}
            </p>
          )}
          <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
            <FormField
              id="login-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <FormField
              id="login-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={formState.errors.password?.message}
              {...register('password')}
            />
            <SubmitButton busy={formState.isSubmitting}>Login</SubmitButton>
          </form>
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="link link-primary">
              Forgot password?
            </Link>
          </p>
          <p className="text-center text-sm">
            New to Reloop?{' '}
            <Link to="/register" className="link link-primary">
              Register
            </Link>
          </p>
          <div className="divider">or</div>
          <div className="flex justify-center gap-3">
            <button
              type="button"
              className="btn btn-outline gap-2"
              disabled={!googleEnabled}
              title={
                googleEnabled
                  ? 'Sign in with Google'
                  : 'Google sign-in is not configured on this server'
              }
              onClick={() => startGoogleSignIn(returnPath)}
            >
              <FaGoogle aria-hidden="true" /> Google
            </button>
            <button
              type="button"
              className="btn btn-outline btn-square"
              disabled
              aria-label="GitHub sign-in (not available)"
            >
              <FaGithub aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn-outline btn-square"
              disabled
              aria-label="Facebook sign-in (not available)"
            >
              <FaFacebookF aria-hidden="true" />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
