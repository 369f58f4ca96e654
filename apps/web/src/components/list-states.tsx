// Loading skeletons, empty and error states shared by every list of the retailer screens.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Rows of grey placeholders shaped like list rows (image, two lines, an action). */
export function ListSkeleton({ rows = 6, image = true, label = 'Loading' }: { rows?: number; image?: boolean; label?: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label} aria-busy="true" sx={{ py: 1 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Stack key={i} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {image && <Skeleton variant="rounded" width={56} height={56} />}
          <Box sx={{ flex: 1 }}>
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </Box>
          <Skeleton variant="rounded" width={72} height={32} />
        </Stack>
      ))}
    </Stack>
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
