import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiSchema } from '../../../lib/api-client.ts';
import { usePagedList, type PageRequest } from '../../../lib/paged-list.ts';

/**
 * Saved searches (DESIGN §17): a search's terms under a name; a new or repriced listing that
 * matches is a notice to its owner.
 */
const savedSearchPage = (page: PageRequest) => api.GET('/api/saved-searches', page);

/** Here rather than in catalogKeys, which the home page's first bundle carries. */
const savedSearchesKey = ['saved-searches'] as const;

export const useSavedSearches = () => usePagedList(savedSearchesKey, savedSearchPage);

function useSavedSearchMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export const useSaveSearch = () =>
  useSavedSearchMutation((body: ApiSchema<'NewSavedSearchInput'>) =>
    dataOf(api.POST('/api/saved-searches', { body })),
  );

export const useDeleteSavedSearch = () =>
  useSavedSearchMutation((id: string) =>
    dataOf(api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } })),
  );
