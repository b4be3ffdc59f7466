import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Me } from '@domain/api-types';
import type { UiLanguage } from '@domain/ui-language';
import type { AccountApi } from '@server/modules/account/routes';
import { apiClient, call } from './api';
import { applyLanguage, currentLanguage } from './i18n';
import { sessionQuery, useSession } from './session';

// Choosing the language: the switcher shows the page in the new language at once, keeps it
// in a cookie for the next page, and saves it on the profile when someone is signed in.

const account = apiClient<AccountApi>();

/** The switcher's action: switch now, remember, save for a member. */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return async (lang: UiLanguage) => {
    await applyLanguage(lang);
    if (!user) return;
    // The session's copy follows first, so the sync below does not switch back meanwhile.
    queryClient.setQueryData(sessionQuery.queryKey, (data: { user: Me | null } | undefined) =>
      data?.user ? { user: { ...data.user, language: lang } } : data,
    );
    await call(account.profile.language.$put({ json: { language: lang } })).catch(() => undefined);
  };
}

/** Mounted once: a member's saved choice wins over this browser's (signing in on a new device). */
export function useSavedLanguage() {
  const { user } = useSession();
  const saved = user?.language;
  useEffect(() => {
    if (saved && saved !== currentLanguage()) void applyLanguage(saved);
  }, [saved]);
}
