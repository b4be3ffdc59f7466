import type { ExternalToast } from 'sonner';

// Toasts follow something the member did, so their library (sonner, about 10 KB gzipped) is not
// part of the first page: it loads right after the first render (app/toaster.tsx mounts it) and
// a toast asked for before then shows as soon as it arrives (sonner hands a late Toaster the
// toasts already made). The app's one way to show a toast.

let sonner: Promise<typeof import('sonner')> | undefined;
/** The library, loaded once. */
export const loadSonner = () => (sonner ??= import('sonner'));

export const toast = {
  success: (message: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ExternalToast) =>
    void loadSonner().then(({ toast }) => toast.error(message, options)),
};
