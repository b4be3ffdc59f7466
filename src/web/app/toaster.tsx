import { lazy, Suspense } from 'react';
import { loadSonner } from '@web/lib/toast';

// Where toasts show (lib/toast.ts): sonner's Toaster, loaded after the first render.
const SonnerToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      {/* Below the sticky 4rem header, never over it. */}
      <SonnerToaster
        position="top-center"
        richColors
        closeButton
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
      />
    </Suspense>
  );
}
