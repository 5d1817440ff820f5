import { Toaster } from 'sonner';

/** sonner's toaster as the app shows it (top centre, a close button). */
export default function AppToasterView() {
  return (
    <Toaster position="top-center" closeButton richColors={false} toastOptions={{ className: 'text-sm' }} />
  );
}
