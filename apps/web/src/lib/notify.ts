// Toasts as spec §9 sets them: success 3000 ms and error 4000 ms at the top right (success on green);
// anything else at the top centre for 5000 ms (the <Toaster> defaults in providers.tsx).
import toast from 'react-hot-toast';

export const SUCCESS_GREEN = '#2e7d32';

export const notify = {
  success: (message: string) =>
    toast.success(message, {
      duration: 3000,
      position: 'top-right',
      style: { background: SUCCESS_GREEN, color: '#fff' },
      iconTheme: { primary: '#fff', secondary: SUCCESS_GREEN },
    }),
  error: (message: string) => toast.error(message, { duration: 4000, position: 'top-right' }),
  info: (message: string) => toast(message),
};
