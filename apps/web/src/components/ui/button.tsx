// Buttons and links without MUI for the screens that load before it (components/ui/ui.css).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';
import { Spinner } from './spinner';
import './ui.css';

export interface ButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  /** Text in the current text colour instead of the primary colour (MUI's color="inherit"). */
  inherit?: boolean;
  fullWidth?: boolean;
}

function buttonClass({ variant = 'text', size = 'medium', inherit = false, fullWidth = false }: ButtonLook, extra = '') {
  return [
    'ui-btn',
    `ui-btn--${variant}`,
    size === 'medium' ? '' : `ui-btn--${size}`,
    inherit ? 'ui-btn--inherit' : '',
    fullWidth ? 'ui-btn--full' : '',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button; `loading` disables it and shows a spinner over its (hidden) text, which stays its
 * accessible name (as MUI's Button does).
 */
export function Button({
  variant,
  size,
  inherit,
  fullWidth,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      className={buttonClass({ variant, size, inherit, fullWidth }, loading ? 'ui-btn--loading' : '')}
    >
      {children}
      {loading ? (
        <span className="ui-btn__loading">
          <Spinner />
        </span>
      ) : null}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, inherit, fullWidth, ...link }: ButtonLook & LinkProps) {
  return <RouterLink {...link} className={buttonClass({ variant, size, inherit, fullWidth })} />;
}

/** A router link in the primary colour, underlined on hover. */
export function TextLink(props: LinkProps) {
  return <RouterLink {...props} className="ui-link" />;
}

/** A horizontal rule with a word in its middle (a `separator` for assistive technology). */
export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="ui-divider" role="separator">
      <span>{children}</span>
    </div>
  );
}
