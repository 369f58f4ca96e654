// Links between the sign-in screens.
import type { ReactNode } from 'react';
import { TextLink } from '../../components/ui/button';

export function AuthLink({ to, children, state }: { to: string; children: ReactNode; state?: unknown }) {
  return (
    <TextLink to={to} state={state}>
      {children}
    </TextLink>
  );
}

export function AuthFooterText({ children }: { children: ReactNode }) {
  return <p className="auth__footer-text">{children}</p>;
}
