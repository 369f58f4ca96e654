// What a failed route shows (spec §2); an unknown path shows the router's 404 text. Plain markup
// (components/ui): these render from the entry, which does not load MUI.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isSwallowedError } from './error-boundary';
import { Button, ButtonLink } from './ui/button';

export const ROUTE_ERROR_TEXT = 'Something went wrong. Please try again later.';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isSwallowedError(error)) console.error(error);
  return (
    <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
      <p style={{ margin: '0 0 16px' }}>{ROUTE_ERROR_TEXT}</p>
      <Button variant="outlined" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div style={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
      <div>
        <p style={{ margin: 0, color: 'var(--ui-primary)', fontSize: '3.75rem', fontWeight: 700, lineHeight: 1.2 }}>404</p>
        <h1 style={{ margin: '0 0 0.35em', fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.6 }}>Page not found</h1>
        <ButtonLink to="/" variant="contained">
          Go to home page
        </ButtonLink>
      </div>
    </div>
  );
}
