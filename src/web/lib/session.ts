import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Me } from '../../domain/api-types';
import { api } from './api';

// The signed-in member, from GET /api/me. Sign-in and sign-out in one tab reach the other
// tabs through a BroadcastChannel (D9); a tab coming back into view re-checks the session.

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => api<{ user: Me | null }>('/api/me'),
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
    const refresh = () => queryClient.invalidateQueries();
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

/** Reads and forgets the remembered path; only same-site paths are honoured. */
export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}
