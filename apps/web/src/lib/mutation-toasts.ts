import type toastApi from 'react-hot-toast';
import { errorMessage } from './api-client.ts';

// The toast library loads with the first toast: the screens that use these do not wait for it.
const withToast = (show: (toast: typeof toastApi) => void) =>
  void import('react-hot-toast').then(({ default: toast }) => show(toast));

/** Mutation callbacks that toast the spec's success text, or the server's error message. */
export const toastOutcome = (success: string) => ({
  onSuccess: () => withToast((toast) => toast.success(success)),
  onError: (error: unknown) => withToast((toast) => toast.error(errorMessage(error))),
});
