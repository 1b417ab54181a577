import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { phoneSchema, profileBodySchema } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { FormField, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { ImageInput } from '../../../components/image-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth, type AuthUser } from '../../../lib/auth.tsx';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { required } from '../../../lib/form-schemas.ts';
import { ImageUploadError, imageFileProblem, uploadImage } from '../../../lib/upload-image.ts';
import { updateProfile } from '../api/profile.ts';
import { SettingsSection } from './settings-section.tsx';

/** Empty forgets the phone; anything else is checked as the booking and listing forms do. */
const optionalPhone = z
  .string()
  .trim()
  .transform((phone, context) => {
    if (phone === '') return '';
    const checked = phoneSchema.safeParse(phone);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

const profileSchema = z.object({
  displayName: required(profileBodySchema.shape.displayName.unwrap()),
  phone: optionalPhone,
  /** A new photo, when one is chosen; the current one stays otherwise. */
  photo: z.custom<File | undefined>().superRefine((file, context) => {
    const problem = file && imageFileProblem(file);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
type ProfileForm = z.input<typeof profileSchema>;
type ProfileFormOutput = z.output<typeof profileSchema>;

const formValues = (user: AuthUser): ProfileForm => ({
  displayName: user.displayName,
  phone: user.phone,
  photo: undefined,
});

/** Name, photo and phone. The phone is the one booking and listing forms start with. */
export function ProfileSection({ user }: { user: AuthUser }) {
  const { updateUser } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input once its photo is saved.
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const { register, control, handleSubmit, formState, setError, reset } = useForm<
    ProfileForm,
    unknown,
    ProfileFormOutput
  >({ resolver: zodResolver(profileSchema), defaultValues: formValues(user) });

  const onSubmit = handleSubmit(async ({ displayName, phone, photo }) => {
    setProblem(null);
    try {
      const photoURL = photo ? await uploadImage(photo) : undefined;
      const saved = await updateProfile({ displayName, phone, ...(photoURL ? { photoURL } : {}) });
      updateUser(saved.user);
      reset(formValues(saved.user));
      setPhotoInputKey((key) => key + 1);
      toast.success('Your profile is saved');
    } catch (error) {
      if (error instanceof ImageUploadError) return setProblem(uiMessages.imageUploadFailed);
      if (showFieldErrors<ProfileForm>(error, ['displayName', 'phone'], setError)) return;
      setProblem(errorMessage(error));
    }
  });

  const { errors } = formState;
  return (
    <SettingsSection id="profile" title="Profile">
      <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="flex items-center gap-4">
          <div className="avatar">
            <div className="bg-base-300 size-16 rounded-full">
              {user.photoURL ? (
                <img src={user.photoURL} alt="Your current profile photo" />
              ) : (
                <span
                  className="flex h-full items-center justify-center text-2xl font-bold"
                  aria-hidden="true"
                >
                  {(user.displayName || user.email).charAt(0).toUpperCase()}
                </span>
              )}
            </div>
          </div>
          <p className="text-base-content/80 min-w-0 text-sm break-words">
            Buyers and sellers see your name and photo; your phone only goes with the bookings and
            listings you make.
          </p>
        </div>
        <FormField
          id="profile-name"
          label="Name"
          autoComplete="name"
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <Controller
          control={control}
          name="photo"
          render={({ field }) => (
            <ImageInput
              key={photoInputKey}
              id="profile-photo"
              label="New profile photo (optional)"
              error={errors.photo?.message}
              onChange={field.onChange}
            />
          )}
        />
        <FormField
          id="profile-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          aria-describedby="profile-phone-hint profile-phone-error"
          {...register('phone')}
        />
        <p id="profile-phone-hint" className="text-base-content/80 -mt-2 text-sm">
          Optional. Booking and listing forms start with it; leave it empty to forget it.
        </p>
        <FormProblem>{problem}</FormProblem>
        <div>
          <SubmitButton busy={formState.isSubmitting}>Save profile</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
