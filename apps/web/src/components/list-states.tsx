// Loading skeletons, empty and error states shared by every list of the retailer screens: plain
// elements (list-states.css, MUI's Skeleton, Stack and Typography look), as they are on first paints.
import type { ReactNode } from 'react';
import { errorIcon, inboxIcon } from './ui/material-icons';
import { SvgIcon } from './ui/svg-icon';
import './ui/ui.css';
import './list-states.css';

/**
 * Rows of grey placeholders shaped like list rows (image, two lines, an action). Plain elements
 * (list-states.css, MUI's Skeleton look): a list's loading state is on a screen's first paint.
 */
export function ListSkeleton({ rows = 6, image = true, label = 'Loading' }: { rows?: number; image?: boolean; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="ls-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="ls-row">
          {image && <span className="ls-bone ls-bone--rounded" style={{ width: 56, height: 56 }} />}
          <div className="ls-grow">
            <span className="ls-bone ls-bone--text" style={{ width: '70%' }} />
            <span className="ls-bone ls-bone--text" style={{ width: '40%' }} />
          </div>
          <span className="ls-bone ls-bone--rounded" style={{ width: 72, height: 32 }} />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="ls-state ls-state--empty">
      <SvgIcon icon={inboxIcon} className="ls-state__icon ls-state__icon--faint" />
      <p className="ls-state__title">{title}</p>
      {hint && <p className="ls-state__hint">{hint}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="ls-state ls-state--error">
      <SvgIcon icon={errorIcon} className="ls-state__icon ls-state__icon--error" />
      <p className="ls-state__message">{message}</p>
      <button type="button" className="ui-btn ui-btn--outlined" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
