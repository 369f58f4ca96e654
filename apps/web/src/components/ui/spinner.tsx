// MUI's indeterminate CircularProgress without MUI: a rotating arc in the primary colour.
import './ui.css';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span className={className ? `ui-spinner ${className}` : 'ui-spinner'} role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" width="100%" height="100%" aria-hidden="true">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
