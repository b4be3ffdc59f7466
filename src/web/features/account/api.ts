import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import type { AuthStatusAnswer, SignInAnswer, SignUpAnswer } from '@domain/auth-types';
import type { ChangePasswordForm, ProfileInput, SignUpRequest } from '@domain/schemas/account';
import type { AccountApi } from '@server/modules/account/routes';
import type { PickupLocationsApi } from '@server/modules/pickup-locations/routes';
import { apiClient, authApi, call, errorMessage } from '@web/lib/api';
import { accountKeys, isMemberData } from '@web/lib/query-keys';
import {
  broadcastAuthChange,
  fetchSession,
  intentSearch,
  sessionQuery,
  takeReturnPath,
  whileSigningIn,
} from '@web/lib/session';
import { addToCart } from '@web/features/cart/api';
import { currentLanguage } from '@web/lib/i18n';

// Account calls: Better Auth under /api/auth (authApi, answers described in @domain/auth-types),
// our profile and pickup routes under /api (the typed client).

const account = apiClient<AccountApi>();

/**
 * The confirmation link's return path: the home page, or the intent a guest signed up with
 * (`next`, `add`), which the server copies into the emailed link so the confirm page can finish
 * what the guest came for. Owner setup waits for a first book (manage page), not a new account.
 */
function confirmedCallback(intent: { next: string | null; add: string | null }): string {
  return `/${intentSearch(intent)}`;
}

/** The confirm page's button: confirms the emailed token and signs this browser in. */
export function confirmEmail(token: string) {
  return call(account.account['confirm-email'].$post({ json: { token } }));
}

/** The sign-up form's fields: what an account needs (the profile asks the rest when needed). */
export function signUp(
  body: Pick<SignUpRequest, 'name' | 'email' | 'password'>,
  intent: { next: string | null; add: string | null } = { next: null, add: null },
) {
  return authApi<SignUpAnswer>('/api/auth/sign-up/email', {
    method: 'POST',
    // The new account's language is the one it signed up in.
    body: { ...body, language: currentLanguage(), callbackURL: confirmedCallback(intent) },
  });
}

export function signIn(body: { email: string; password: string; rememberMe: boolean }) {
  return authApi<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body });
}

export function resendConfirmation(email: string) {
  return authApi<AuthStatusAnswer>('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: confirmedCallback({ next: null, add: null }) },
  });
}

export function requestPasswordReset(email: string) {
  return authApi<AuthStatusAnswer>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return authApi<AuthStatusAnswer>('/api/auth/reset-password', { method: 'POST', body });
}

export function updateProfile(body: ProfileInput) {
  return call(account.profile.$patch({ json: body }));
}

export function changePassword(body: ChangePasswordForm) {
  return call(account.profile.password.$post({ json: body }));
}

const pickup = apiClient<PickupLocationsApi>();

export const pickupLocationsQuery = queryOptions({
  queryKey: accountKeys.pickupLocations,
  queryFn: () => call(pickup['pickup-locations'].$get()),
  staleTime: 5 * 60_000,
});

export const myPickupChoicesQuery = queryOptions({
  queryKey: accountKeys.myPickupChoices,
  queryFn: () => call(pickup.profile['pickup-locations'].$get()),
});

export function savePickupChoices(ids: string[]) {
  return call(pickup.profile['pickup-locations'].$put({ json: { ids } }));
}

/** What the add a guest asked for came to, once signed in: a toast either way. */
async function addAfterSignIn(bookId: string): Promise<{ added: string } | { failed: unknown }> {
  try {
    const cart = await addToCart(bookId);
    const item = cart.groups.flatMap((g) => g.items).find((i) => i.book.id === bookId);
    return { added: item?.book.title ?? '' };
  } catch (err) {
    return { failed: err };
  }
}

/**
 * After a successful sign-in: load the member, add the book a guest pressed Add on (once: only
 * this call adds, and the sign-in URL is replaced), then go to `next`, the remembered page or /,
 * replacing history. The session is in the cache before the next page's guard renders, and
 * other tabs are told.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('cart');
  return useCallback(
    async (intent: { next: string | null; add: string | null } = { next: null, add: null }) => {
      const session = await fetchSession();
      const outcome = intent.add && session.user ? await addAfterSignIn(intent.add) : null;
      queryClient.removeQueries({ predicate: (q) => isMemberData(q.queryKey) });
      const remembered = takeReturnPath();
      await whileSigningIn(async () => {
        queryClient.setQueryData(sessionQuery.queryKey, session);
        await navigate(intent.next ?? remembered ?? '/', { replace: true });
      });
      if (outcome && 'added' in outcome) {
        toast.success(
          outcome.added ? t('add.addedToast', { title: outcome.added }) : t('add.addedToastUntitled'),
        );
      } else if (outcome) {
        toast.error(errorMessage(outcome.failed, t('errors.addFailed')));
      }
      broadcastAuthChange();
    },
    [navigate, queryClient, t],
  );
}
