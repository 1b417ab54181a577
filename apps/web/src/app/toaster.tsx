import { Toaster as HotToaster } from 'react-hot-toast';

/**
 * Where toasts appear: at the bottom, so they never cover the navigation; styled with the
 * theme's colours so they follow light and dark.
 */
export default function Toaster() {
  return (
    <HotToaster
      position="bottom-center"
      toastOptions={{ className: '!bg-base-200 !text-base-content', duration: 4000 }}
    />
  );
}
