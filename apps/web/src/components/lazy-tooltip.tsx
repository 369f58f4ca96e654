// A Tooltip that loads MUI's Tooltip (and Popper) only when first rendered, so a screen that shows
// tooltips only on hover does not need them in its first JavaScript (page-weight budgets, docs/web.md).
// Until it has loaded, the child shows as it is, named by the title as Tooltip would name it.
import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, lazy, Suspense, type ReactElement } from 'react';
import { loadChunk } from '../lib/lazy-page';

const Tooltip = lazy(() => loadChunk(() => import('@mui/material/Tooltip')));

type ChildProps = { 'aria-label'?: string };

export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<ChildProps> }) {
  const fallback =
    typeof props.title === 'string' && !children.props['aria-label'] && !props.describeChild
      ? cloneElement(children, { 'aria-label': props.title })
      : children;
  return (
    <Suspense fallback={fallback}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
