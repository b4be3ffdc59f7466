import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@web/lib/api';
import { useSavedLanguage } from '@web/lib/language';
import { useAuthSync } from '@web/lib/session';
import { Toaster } from './toaster';

/** The app's one query client (the router prefetches a page's first data into it). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (404, 403) are answers, not hiccups: do not retry them.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

function AuthSync() {
  useAuthSync();
  useSavedLanguage();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthSync />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
