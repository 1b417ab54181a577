import { api, dataOf } from '../../../lib/api-client.ts';

/**
 * Asks a listing's seller before booking (DESIGN §17). The answer is the conversation the
 * question went into: the asker's conversation before booking, or their open booking's thread.
 */
export const askQuestion = (productId: string, text: string) =>
  dataOf(
    api.POST('/api/product/{id}/questions', {
      params: { path: { id: productId } },
      body: { text },
    }),
  );
