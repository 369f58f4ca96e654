// What a failed route shows (spec §2); an unknown path shows the router's 404 text.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { isSwallowedError } from './error-boundary';

export const ROUTE_ERROR_TEXT = 'Something went wrong. Please try again later.';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isSwallowedError(error)) console.error(error);
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{ROUTE_ERROR_TEXT}</Typography>
      <Button variant="outlined" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}

export function NotFoundPage() {
  return (
    <Box sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h6" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to home page
        </Button>
      </Box>
    </Box>
  );
}
