import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { signUpBodySchema } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { Field, FormField, SubmitButton } from '../../../components/form-field.tsx';
import { ImageInput } from '../../../components/image-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { requestApiToken, useAuth } from '../../../lib/auth.tsx';
import { required } from '../../../lib/form-schemas.ts';
import { ImageUploadError, imageFileSchema } from '../../../lib/upload-image.ts';
import { createAccountWithPhoto, registerRole } from '../api/register-account.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /register — a new buyer or seller account with a profile photo. */
const { shape } = signUpBodySchema;
const registerSchema = z.object({
  name: required(shape.displayName.unwrap()),
  email: required(shape.email),
  password: required(shape.password),
  image: imageFileSchema,
  role: z.enum(['buyer', 'seller']),
});
type RegisterForm = z.input<typeof registerSchema>;

export function Component() {
  usePageTitle('Register');
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const { register, control, handleSubmit, formState } = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', image: undefined, role: 'buyer' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password, image, role }) => {
    if (!image) return;
    try {
      const account = await createAccountWithPhoto({ name, email, password, image });
      // The user record comes first: signing in would take the visitor off this page while
      // the record could still fail, leaving an account without a role.
      const token = await requestApiToken(account);
      const record = await registerRole(
        { userEmail: account.user.email, userName: name, role, userImg: account.user.photoURL },
        token,
      );
      if (!record.acknowledged) {
        toast.error(uiMessages.registrationFailed);
        return;
      }
      startSession(token, account.user);
      toast.success(uiMessages.registrationSucceeded);
      await navigate('/');
    } catch (error) {
      toast.error(
        error instanceof ImageUploadError ? uiMessages.imageUploadFailed : errorMessage(error),
      );
    }
  });

  const { errors } = formState;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">Register</h1>
          <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
            <FormField
              id="register-name"
              label="Name"
              autoComplete="name"
              error={errors.name?.message}
              {...register('name')}
            />
            <FormField
              id="register-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <FormField
              id="register-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Controller
              control={control}
              name="image"
              render={({ field }) => (
                <ImageInput
                  id="register-image"
                  label="Profile photo"
                  error={errors.image?.message}
                  onChange={field.onChange}
                />
              )}
            />
            <Field id="register-role" label="I want to">
              <select
                id="register-role"
                className="select select-bordered w-full"
                {...register('role')}
              >
                <option value="buyer">buyer</option>
                <option value="seller">seller</option>
              </select>
            </Field>
            <SubmitButton busy={formState.isSubmitting}>Register</SubmitButton>
          </form>
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to="/login" className="link link-primary">
              Login
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
