// Links between the sign-in screens.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export function AuthLink({ to, children, state }: { to: string; children: ReactNode; state?: unknown }) {
  return (
    <Link component={RouterLink} to={to} state={state} underline="hover" sx={{ fontWeight: 500 }}>
      {children}
    </Link>
  );
}

export function AuthFooterText({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
