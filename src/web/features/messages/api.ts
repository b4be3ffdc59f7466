import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageView, ThreadView } from '@domain/conversation';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import { apiClient, call } from '@web/lib/api';
import { conversationKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';

// Conversations (/api/docs, Conversations). The server decides who may read and write;
// a write lands in its view at once and refreshes every count and list.

const api = apiClient<ConversationsApi>();

/** Unread messages in all, for the account menu (nothing for guests). */
export function useUnreadCounts() {
  const { user } = useSession();
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: () => call(api.conversations.unread.$get({ query: {} })),
    enabled: !!user,
    // Messages arrive from others: look again now and then while the app is open.
    refetchInterval: 60_000,
  });
}

/** Unread messages per order, for the orders an order list shows (only those have a count). */
export function useOrdersUnread(orderIds: readonly string[]) {
  const { user } = useSession();
  const orders = orderIds.join(',');
  return useQuery({
    queryKey: conversationKeys.unreadOrders(orders),
    queryFn: () => call(api.conversations.unread.$get({ query: { orders } })),
    enabled: !!user && orders !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

const byTime = (a: MessageView, b: MessageView) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.createdAt < b.createdAt ? -1 : 1;

/** Messages of both lists, each once, oldest first (as the server orders them: time, then id). */
function merged(a: readonly MessageView[], b: readonly MessageView[]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort(byTime);
}

/**
 * A conversation's messages as shown: its latest page (which the conversation's answer carries)
 * and the older pages the reader asked for with "Show older messages", oldest first. Once older
 * pages are shown, messages that a new one pushes out of the latest page stay on screen, so the
 * history shown never has a hole.
 */
export function useMessageHistory(thread: ThreadView | undefined) {
  const threadId = thread?.id ?? null;
  const latest = thread?.messages;
  // Older messages loaded on demand, and where the next older page starts (null: none older).
  const [older, setOlder] = useState<{
    threadId: string | null;
    items: MessageView[];
    cursor: string | null;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const shownLatest = useRef<MessageView[]>([]);
  const current = older?.threadId === threadId ? older : null;

  useEffect(() => {
    const before = shownLatest.current;
    shownLatest.current = latest?.items ?? [];
    // The latest page moved (a message came): keep what it showed before next to the older ones.
    setOlder((o) => (o && o.threadId === threadId ? { ...o, items: merged(o.items, before) } : o));
  }, [latest, threadId]);

  const nextCursor = current ? current.cursor : (latest?.nextCursor ?? null);
  const loadOlder = useCallback(async () => {
    if (!threadId || !nextCursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await call(
        api.conversations[':id'].messages.$get({ param: { id: threadId }, query: { cursor: nextCursor } }),
      );
      setOlder((o) => ({
        threadId,
        items: merged(page.items, o?.threadId === threadId ? o.items : []),
        cursor: page.nextCursor,
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [threadId, nextCursor]);

  return {
    messages: merged(current?.items ?? [], latest?.items ?? []),
    hasOlder: nextCursor !== null,
    loadOlder,
    loading,
    failed,
  };
}
export type MessageHistory = ReturnType<typeof useMessageHistory>;

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
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadOrdersAll });
    },
  });
}
