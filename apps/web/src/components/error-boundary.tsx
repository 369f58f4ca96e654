// Top-level fallback (spec §2, §8). Errors about messaging, service workers, notifications or push are
// swallowed: push is optional and must never take the app down.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const SWALLOWED = /messaging|service ?worker|notification|push/i;

export function isSwallowedError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return SWALLOWED.test(text);
}

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: isSwallowedError(error) ? null : error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(isSwallowedError(error) ? 'Ignored push/messaging error' : 'Application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <AppErrorFallback onRetry={() => window.location.reload()} />;
  }
}

export function AppErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 420 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          We encountered an error while loading the application.
        </Typography>
        <Button variant="contained" onClick={onRetry}>
          Try Again
        </Button>
      </Box>
    </Box>
  );
}

/** Unhandled promise rejections and window errors of the swallowed kinds are only logged. */
export function swallowPushErrors(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isSwallowedError(event.reason)) {
      event.preventDefault();
      console.warn('Ignored push/messaging error', event.reason);
    }
  };
  const onError = (event: ErrorEvent) => {
    if (isSwallowedError(event.error ?? event.message)) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('error', onError);
  };
}
