// Toasts as spec §9 sets them: success 3000 ms and error 4000 ms at the top right (success on green);
// anything else at the top centre for 5000 ms (the <Toaster> defaults in providers.tsx).
// react-hot-toast is loaded on the first toast (and by the lazily mounted <Toaster>), not with the
// first screen's JavaScript (page-weight budgets, docs/web.md); its toast store is module-level, so a
// toast raised before the <Toaster> has mounted shows once it has.
import type toastApi from 'react-hot-toast';
import { loadChunk } from './lazy-page';

export const SUCCESS_GREEN = '#2e7d32';

const withToast = (show: (toast: typeof toastApi) => void) => {
  void loadChunk(() => import('react-hot-toast')).then((m) => show(m.default));
};

export const notify = {
  success: (message: string) =>
    withToast((toast) =>
      toast.success(message, {
        duration: 3000,
        position: 'top-right',
        style: { background: SUCCESS_GREEN, color: '#fff' },
        iconTheme: { primary: '#fff', secondary: SUCCESS_GREEN },
      }),
    ),
  error: (message: string) => withToast((toast) => toast.error(message, { duration: 4000, position: 'top-right' })),
  info: (message: string) => withToast((toast) => toast(message)),
};
