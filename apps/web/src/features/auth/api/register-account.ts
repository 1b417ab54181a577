import type { AuthResult, AuthUser } from '@reloop/shared';
import { api, ApiError } from '../../../lib/api-client.ts';
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
}): Promise<AuthResult> {
  const { idToken } = await signUpOrResume(input);
  const photoURL = await uploadImage(input.image, idToken);
  const updated = await api.patch<{ user: AuthUser }>(
    '/auth/profile',
    { displayName: input.name, photoURL },
    idToken,
  );
  return { idToken, user: updated.user };
}

/**
 * A retry after a failed upload finds the account already created: with the same password it
 * carries on from there instead of failing with "email taken".
 */
async function signUpOrResume(input: { name: string; email: string; password: string }) {
  try {
    return await api.post<AuthResult>('/auth/signup', {
      email: input.email,
      password: input.password,
      displayName: input.name,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return api
      .post<AuthResult>('/auth/signin', { email: input.email, password: input.password })
      .catch(() => {
        throw error;
      });
  }
}

/** Records the account as a buyer or seller, with the API token it was just given. */
export const registerRole = (
  record: { userEmail: string; userName: string; role: 'buyer' | 'seller'; userImg: string },
  token: string,
) => api.post<{ acknowledged: boolean }>('/register', record, token);
