import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookDraft, DraftChange } from '@domain/draft-types';
import { COVER_FIELD } from '@domain/constants';
import type { BooksApi } from '@server/modules/books/routes';
import { apiClient, call } from '@web/lib/api';
import { catalogKeys, draftKeys } from '@web/lib/query-keys';

// Shelf import (the API reference at /api/docs, "Shelf import"): a CSV becomes the owner's
// drafts; each gets a condition, price and photo here and is listed from here.

const api = apiClient<BooksApi>();

export const myDraftsQuery = queryOptions({
  queryKey: draftKeys.mine,
  queryFn: ({ signal }) => call(api.my.drafts.$get(undefined, { init: { signal } })),
});

/** A draft answered by a change or a photo replaces its row in the list. */
function useReplaceDraft() {
  const queryClient = useQueryClient();
  return (draft: BookDraft) =>
    queryClient.setQueryData(myDraftsQuery.queryKey, (list) =>
      list ? { items: list.items.map((d) => (d.id === draft.id ? draft : d)) } : list,
    );
}

export function useImportShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.set('file', file);
      // Multipart goes as the body itself: the route declares it for the document only.
      return call(api.my.drafts.import.$post(undefined, { init: { body: data } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.mine }),
  });
}

export function useChangeDraft() {
  const replace = useReplaceDraft();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: DraftChange }) =>
      call(api.my.drafts[':id'].$patch({ param: { id }, json: change })),
    onSuccess: replace,
  });
}

export function useDraftPhoto() {
  const replace = useReplaceDraft();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const data = new FormData();
      data.set(COVER_FIELD, file);
      return call(api.my.drafts[':id'].photo.$put({ param: { id } }, { init: { body: data } }));
    },
    onSuccess: replace,
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.my.drafts[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.mine }),
  });
}

/** Listing drafts changes the owner's books and the shop: both refetch. */
export function usePublishDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(api.my.drafts.publish.$post({ json: { ids } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: draftKeys.mine }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
