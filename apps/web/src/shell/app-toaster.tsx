import { Toaster } from 'sonner';

/** Where the app's toasts show (lib/toast.ts sends them). */
export function AppToaster() {
  return (
    <Toaster position="top-center" closeButton richColors={false} toastOptions={{ className: 'text-sm' }} />
  );
}
