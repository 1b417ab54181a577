import { api, ApiError, dataOf, withToken, type ApiSchema } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';

/**
 * Registration, step by step: create the account, upload the avatar with its fresh token,
 * set name and photo. The caller then starts the session and records the role.
 */
export async function createAccountWithPhoto(input: {
  name: string;
  email: string;
  password: string;
  image: File;
}): Promise<ApiSchema<'AuthResult'>> {
  const { idToken } = await signUpOrResume(input);
  const photoURL = await uploadImage(input.image, idToken);
  const updated = await dataOf(
    api.PATCH('/api/auth/profile', {
      body: { displayName: input.name, photoURL },
      ...withToken(idToken),
    }),
  );
  return { idToken, user: updated.user };
}

/**
 * A retry after a failed upload finds the account already created: with the same password it
 * carries on from there instead of failing with "email taken".
 */
async function signUpOrResume(input: { name: string; email: string; password: string }) {
  try {
    return await dataOf(
      api.POST('/api/auth/signup', {
        body: { email: input.email, password: input.password, displayName: input.name },
      }),
    );
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return dataOf(
      api.POST('/api/auth/signin', { body: { email: input.email, password: input.password } }),
    ).catch(() => {
      throw error;
    });
  }
}

/** Records the account as a buyer or seller, with the API token it was just given. */
export const registerRole = (record: ApiSchema<'RegistrationInput'>, token: string) =>
  dataOf(api.POST('/api/register', { body: record, ...withToken(token) }));
