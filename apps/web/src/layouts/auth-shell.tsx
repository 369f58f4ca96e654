// Frame of the sign-in screens: a brand panel beside the form on wide screens, the form alone on phones.
// Plain markup and CSS (auth-shell.css): the sign-in screens load without MUI and Emotion, which only
// the screens after sign-in need (page weight, docs/web.md).
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../components/app-name';
import { Icon } from '../components/ui/icons';
import './auth-shell.css';

const POINTS = ['Your prices, your catalogue', 'Order in minutes, day or night', 'Order history and invoices in one place'];

export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return (
    <div className="auth">
      <div className="auth__aside">
        <AuthBrand light />
        <div>
          <p className="auth__pitch">Order from your distributor, anytime.</p>
          {POINTS.map((p) => (
            <p key={p} className="auth__point">
              <Icon name="checkCircle" small />
              {p}
            </p>
          ))}
        </div>
        <p className="auth__copy">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </div>
      <main className="auth__main">
        <div className="auth__top">
          <AuthBrand />
        </div>
        <div className="auth__card">
          <h1 className={subtitle ? 'auth__title auth__title--with-subtitle' : 'auth__title'}>{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
}

/** The product mark and name, linking home (the MUI screens use layouts/brand.tsx). */
function AuthBrand({ light = false }: { light?: boolean }) {
  return (
    <RouterLink to="/" aria-label={APP_NAME} className={light ? 'brand brand--light' : 'brand'}>
      <span className="brand__mark">
        <Icon name="storefront" small />
      </span>
      <span className="brand__name">
        Wholesale
        <span>Ordering Portal</span>
      </span>
    </RouterLink>
  );
}
