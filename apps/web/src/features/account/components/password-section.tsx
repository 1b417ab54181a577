import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { passwordChangeBodySchema } from '@reloop/shared';
import { FormField, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { required } from '../../../lib/form-schemas.ts';
import { changePassword } from '../api/password.ts';
import { SettingsSection } from './settings-section.tsx';

const { shape } = passwordChangeBodySchema;
const passwordSchema = z
  .object({
    currentPassword: shape.currentPassword,
    newPassword: required(shape.newPassword),
    repeat: z.string(),
  })
  .refine((form) => form.newPassword === form.repeat, {
    path: ['repeat'],
    message: 'The two new passwords are not the same',
  });
type PasswordForm = z.input<typeof passwordSchema>;

const empty: PasswordForm = { currentPassword: '', newPassword: '', repeat: '' };

/** A new password, with the current one to prove it is the owner. Other devices sign out. */
export function PasswordSection() {
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordForm>({
    resolver: zodResolver(passwordSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setProblem(null);
    try {
      await changePassword({ currentPassword, newPassword });
      reset(empty);
      toast.success('Your password is changed; every other device is signed out');
    } catch (error) {
      if (showFieldErrors<PasswordForm>(error, ['currentPassword', 'newPassword'], setError)) {
        return;
      }
      // Any other refusal is about the current password: not right, or none to have (Google).
      if (error instanceof ApiError && error.status === 400) {
        return setError('currentPassword', { message: error.message }, { shouldFocus: true });
      }
      setProblem(errorMessage(error));
    }
  });

  const { errors } = formState;
  return (
    <SettingsSection id="password" title="Password">
      <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          id="password-current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <FormField
          id="password-new"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          id="password-repeat"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          error={errors.repeat?.message}
          {...register('repeat')}
        />
        <FormProblem>{problem}</FormProblem>
        <div>
          <SubmitButton busy={formState.isSubmitting}>Change password</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
