import toast from 'react-hot-toast';
import { errorMessage } from './api-client.ts';

/** Mutation callbacks that toast the spec's success text, or the server's error message. */
export const toastOutcome = (success: string) => ({
  onSuccess: () => {
    toast.success(success);
  },
  onError: (error: unknown) => {
    toast.error(errorMessage(error));
  },
});
