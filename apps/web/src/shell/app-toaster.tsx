import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '../lib/store.ts';
import { preloadToasts, toasterReady } from '../lib/toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/** Where the app's toasts show (lib/toast.ts sends them), once sonner has arrived. */
export function AppToaster() {
  const ready = useStore(toasterReady);
  useEffect(preloadToasts, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
