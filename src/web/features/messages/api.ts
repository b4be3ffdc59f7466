import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThreadView } from '@domain/conversation';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import { apiClient, call } from '@web/lib/api';
import { conversationKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';

// Conversations (D26, /api/docs, Conversations). The server decides who may read and write;
// a write lands in its view at once and refreshes every count and list.

const api = apiClient<ConversationsApi>();

/** Unread counts for the account menu and the order lists (nothing for guests). */
export function useUnreadCounts() {
  const { user } = useSession();
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: () => call(api.conversations.unread.$get()),
    enabled: !!user,
    // Messages arrive from others: look again now and then while the app is open.
    refetchInterval: 60_000,
  });
}

/** One page of the member's conversations: `cursor` absent is the newest page. */
export const useThreads = (cursor: string | undefined) =>
  useQuery({
    queryKey: conversationKeys.listPage(cursor),
    queryFn: () => call(api.conversations.$get({ query: { cursor } })),
    placeholderData: keepPreviousData,
  });

/** One page of the admins' inbox. */
export const useAdminInbox = (cursor: string | undefined) =>
  useQuery({
    queryKey: conversationKeys.inbox(cursor),
    queryFn: () => call(api.admin.conversations.$get({ query: { cursor } })),
    placeholderData: keepPreviousData,
  });

export const useOrderConversation = (orderId: string) =>
  useQuery({
    queryKey: conversationKeys.order(orderId),
    queryFn: () => call(api.orders[':id'].conversation.$get({ param: { id: orderId } })),
  });

export const useBookConversation = (bookId: string) =>
  useQuery({
    queryKey: conversationKeys.book(bookId),
    queryFn: () => call(api.books[':id'].conversation.$get({ param: { id: bookId } })),
    retry: false,
  });

export const useThread = (threadId: string) =>
  useQuery({
    queryKey: conversationKeys.thread(threadId),
    queryFn: () => call(api.conversations[':id'].$get({ param: { id: threadId } })),
  });

function useWrite(key: readonly unknown[], write: (body: string) => Promise<ThreadView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (view) => queryClient.setQueryData(key, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export const usePostToOrder = (orderId: string) =>
  useWrite(conversationKeys.order(orderId), (body) =>
    call(api.orders[':id'].conversation.$post({ param: { id: orderId }, json: { body } })),
  );

export const usePostToBook = (bookId: string) =>
  useWrite(conversationKeys.book(bookId), (body) =>
    call(api.books[':id'].conversation.$post({ param: { id: bookId }, json: { body } })),
  );

export const usePostToThread = (threadId: string) =>
  useWrite(conversationKeys.thread(threadId), (body) =>
    call(api.conversations[':id'].messages.$post({ param: { id: threadId }, json: { body } })),
  );

/** Marks a conversation read for the member seeing it; the counts come back with the answer. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => call(api.conversations[':id'].read.$post({ param: { id: threadId } })),
    onSuccess: (counts) => {
      queryClient.setQueryData(conversationKeys.unread, counts);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}
