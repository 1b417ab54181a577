import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { questionKeys } from '../../../lib/questions.ts';
import { useLiveRefetch } from './thread.ts';

type Question = ApiSchema<'Question'>;

/**
 * Conversations before booking (DESIGN §17): the user's, those they asked and those about their
 * listings, newest activity first; each one, read by its asker or the listing's seller.
 */
export const useQuestions = () =>
  usePagedList(questionKeys.list, (page) => api.GET('/api/questions', page));

/**
 * One conversation. The server marks it read for whoever reads it, so whenever it grows, the
 * unread counts of the list and the bell are refetched too.
 */
export const questionQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: questionKeys.conversation(questionId),
    queryFn: async ({ client, queryKey, signal }) => {
      const known = client.getQueryData<Question>(queryKey)?.messages.length;
      const question = await dataOf(
        api.GET('/api/questions/{id}', { params: { path: { id: questionId } }, signal }),
      );
      if (question.messages.length !== known) {
        for (const key of [questionKeys.list, sharedKeys.notifications]) {
          void client.invalidateQueries({ queryKey: key });
        }
      }
      return question;
    },
  });

export const useQuestion = (questionId: string) => useQuery(questionQueryOptions(questionId));

/** Its messages, kept current while it goes on (`live`): no booking carries it on yet. */
export function useQuestionMessages(questionId: string, live: boolean) {
  const { queryKey, queryFn } = questionQueryOptions(questionId);
  return useQuery({
    queryKey,
    queryFn,
    select: (question: Question) => question.messages,
    ...useLiveRefetch(live),
  });
}

/** Sends, then resolves once the conversation is refetched with the message in it. */
export function useSendQuestionMessage(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      dataOf(
        api.POST('/api/questions/{id}/messages', {
          params: { path: { id: questionId } },
          body: { text },
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: questionKeys.conversation(questionId) }),
  });
}
