// The heading every signed-in page starts with; screens of later issues render only this. Plain
// elements styled by page-title.css (MUI's h5 and body2 look), so no screen's first commit inserts
// Emotion styles for its title.
import { useEffect, type ReactNode } from 'react';
import { APP_NAME } from './app-name';
import './page-title.css';

export { APP_NAME };

export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return (
    <div className="pt-row">
      <div className="pt-text">
        <h1 className="pt-title">{title}</h1>
        {subtitle ? <p className="pt-subtitle">{subtitle}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** A screen whose content arrives with a later issue: its title only. */
export function TitlePage({ title }: { title: string }) {
  return <PageTitle title={title} />;
}
