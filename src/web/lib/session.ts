import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { isUuid } from '@domain/uuid';
import type { AccountApi } from '@server/modules/account/routes';
import { apiClient, call, setUnauthorizedHandler } from './api';
import { clearMemberCaches, noteSession } from './offline-cache';
import { isMemberData, sessionKeys } from './query-keys';

// The signed-in member, from GET /api/me. Sign-in and sign-out in one tab reach the other
// tabs through a BroadcastChannel (D9); a tab coming back into view re-checks the session.

const account = apiClient<AccountApi>();

/**
 * GET /api/me: the signed-in member, or null for a guest. Each answer tells the offline cache
 * whether this member's reads may be kept (lib/offline-cache.ts).
 */
export async function fetchSession() {
  const answer = await call(account.me.$get());
  noteSession(answer.user);
  return answer;
}

export const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: fetchSession,
  staleTime: 5 * 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return {
    user: query.data?.user ?? null,
    isLoading: query.isPending,
    isAdmin: query.data?.user?.role === 'admin',
    /** The session could not be read (not the same as signed out): screens may say so. */
    isError: query.isError,
  };
}

const CHANNEL = 'rakbuku-auth';

/** Call after sign-in, sign-out or anything that changes who is signed in. */
export function broadcastAuthChange() {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage('changed');
    channel.close();
  }
}

/** Mounted once (providers): refreshes everything when another tab signs in or out. */
export function useAuthSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Who is signed in first, then the rest: a sign-out elsewhere must read as a sign-out here,
    // not as a session that expired under a page (a member's query answered 401 first).
    const refresh = async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      await queryClient.invalidateQueries({ predicate: (q) => isMemberData(q.queryKey) });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible')
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    };
    const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient]);
}

// True while this tab's sign-in screen moves to the remembered page: the guest-only guard
// must not send the new member to /books/manage first (the session lands before the page).
let signingInHere = false;

export function isSigningInHere(): boolean {
  return signingInHere;
}

/** Runs the post-sign-in navigation with the guest-only redirect held back. */
export async function whileSigningIn(run: () => Promise<void>): Promise<void> {
  signingInHere = true;
  sessionExpired = false;
  try {
    await run();
  } finally {
    signingInHere = false;
  }
}

const RETURN_KEY = 'rakbuku.returnTo';

/** Remembers where to go after sign-in (the book page a guest tried to borrow from, a guarded page). */
export function rememberReturnPath(path: string) {
  sessionStorage.setItem(RETURN_KEY, path);
}

/** A same-site path (not '//host' nor '/\\host'), or null: nothing else is a place to return to. */
function safePath(path: string | null | undefined): string | null {
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}

/** Reads and forgets the remembered path; only same-site paths are honoured. */
export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return safePath(path);
}

/**
 * The sign-in screen that leads back to `next` and, when a guest pressed Add, adds book `add`
 * once signed in. Both live in the URL, so they survive a reload, a new tab or a lost memory.
 */
export function signInPath(next: string, add?: string): string {
  const search = new URLSearchParams({ next });
  if (add) search.set('add', add);
  return `/signin?${search}`;
}

/** The query that carries a sign-in intent from page to page ("?next=..&add=.."), or "". */
export function intentSearch(intent: { next: string | null; add: string | null }): string {
  if (!intent.next) return '';
  const search = new URLSearchParams({ next: intent.next });
  if (intent.add) search.set('add', intent.add);
  return `?${search}`;
}

/** What the sign-in URL asks for: where to go next and which book to add, if any. */
export function readSignInIntent(search: string): { next: string | null; add: string | null } {
  const params = new URLSearchParams(search);
  const next = safePath(params.get('next'));
  const add = params.get('add');
  return { next, add: next && isUuid(add) ? add : null };
}

// Set when the server said 401 to a signed-in member: the guarded page must not treat it as a
// sign-out (which goes to /), the expiry handler is already taking the member to sign in.
let sessionExpired = false;

export function isSessionExpired(): boolean {
  return sessionExpired;
}

/**
 * Mounted once inside the router (layout): a 401 from our API while the cache holds a member
 * means the session died on the server. The cache is reset (the header shows Sign in, never a
 * dead avatar), the member is told, and the sign-in screen brings them back here.
 */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!queryClient.getQueryData(sessionQuery.queryKey)?.user) return;
      sessionExpired = true;
      noteSession(null);
      void clearMemberCaches();
      queryClient.setQueryData(sessionQuery.queryKey, { user: null });
      queryClient.removeQueries({ predicate: (q) => isMemberData(q.queryKey) });
      toast.error(t('sessionExpired'), { id: 'session-expired' });
      const { pathname, search } = window.location;
      void navigate(signInPath(pathname + search), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient, t]);
}
