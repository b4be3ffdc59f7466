import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Me, PickupLocation } from '../../../domain/api-types';
import type { ProfileInput, SignUpRequest } from '../../../domain/schemas/account';
import { api } from '../../lib/api';
import { broadcastAuthChange, sessionQuery, takeReturnPath, whileSigningIn } from '../../lib/session';

// Account calls: Better Auth under /api/auth, our profile and pickup routes under /api.

/** Where the confirmation link lands: signed in, on the profile, with a welcome banner. */
export const CONFIRMED_CALLBACK = '/profile/edit?welcome=1';

export function signUp(body: Omit<SignUpRequest, 'callbackURL'>) {
  return api('/api/auth/sign-up/email', {
    method: 'POST',
    body: { ...body, callbackURL: CONFIRMED_CALLBACK },
  });
}

export function signIn(body: { email: string; password: string; rememberMe: boolean }) {
  return api('/api/auth/sign-in/email', { method: 'POST', body });
}

export function resendConfirmation(email: string) {
  return api('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: CONFIRMED_CALLBACK },
  });
}

export function requestPasswordReset(email: string) {
  return api('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return api('/api/auth/reset-password', { method: 'POST', body });
}

export function updateProfile(body: ProfileInput) {
  return api<Me>('/api/profile', { method: 'PATCH', body });
}

export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}) {
  return api<{ ok: true }>('/api/profile/password', { method: 'POST', body });
}

export const pickupLocationsQuery = queryOptions({
  queryKey: ['pickup-locations'],
  queryFn: () => api<{ items: PickupLocation[] }>('/api/pickup-locations'),
  staleTime: 5 * 60_000,
});

export const myPickupChoicesQuery = queryOptions({
  queryKey: ['profile', 'pickup-locations'],
  queryFn: () => api<{ ids: string[] }>('/api/profile/pickup-locations'),
});

export function savePickupChoices(ids: string[]) {
  return api<{ ids: string[] }>('/api/profile/pickup-locations', { method: 'PUT', body: { ids } });
}

/**
 * After a successful sign-in: load the member, then go to the remembered page (or /),
 * replacing history. The session is in the cache before the next page's guard renders,
 * and other tabs are told (D9).
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const session = await api<{ user: Me | null }>('/api/me');
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    await whileSigningIn(async () => {
      queryClient.setQueryData(sessionQuery.queryKey, session);
      await navigate(takeReturnPath() ?? '/', { replace: true });
    });
    broadcastAuthChange();
  }, [navigate, queryClient]);
}
