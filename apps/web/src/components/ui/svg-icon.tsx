// A Material icon drawn without MUI (shapes from material-icons.ts): MUI's SvgIcon look, 1.5rem, or
// 1.25rem when small; decorative (aria-hidden).
import type { CSSProperties } from 'react';
import type { IconShape } from './material-icons';
import './ui.css';

export function SvgIcon({
  icon,
  small = false,
  className,
  style,
}: {
  icon: IconShape;
  small?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <svg
      className={`ui-icon ui-svg-icon${small ? ' ui-icon--small' : ''}${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      {icon.map((part, i) =>
        typeof part === 'string' ? <path key={i} d={part} /> : <circle key={i} cx={part[0]} cy={part[1]} r={part[2]} />,
      )}
    </svg>
  );
}
