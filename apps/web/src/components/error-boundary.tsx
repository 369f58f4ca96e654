// Top-level fallback (spec §2, §8). Errors about messaging, service workers, notifications or push are
// swallowed: push is optional and must never take the app down. Plain markup: the entry does not load MUI.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';

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
    <div role="alert" style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
      <div style={{ maxWidth: 420 }}>
        <h1 style={{ margin: '0 0 0.35em', fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.334 }}>Something went wrong</h1>
        <p style={{ margin: '0 0 24px' }}>We encountered an error while loading the application.</p>
        <Button variant="contained" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </div>
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
