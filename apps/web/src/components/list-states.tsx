// Loading skeletons, empty and error states shared by every list of the retailer screens.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && <Typography variant="body2">{hint}</Typography>}
      {action}
    </Stack>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="body1">{message}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        Retry
      </Button>
    </Stack>
  );
}
