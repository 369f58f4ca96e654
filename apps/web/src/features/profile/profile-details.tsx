// Label/value rows of the profile cards (a description list).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box
      sx={{
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: { xs: 0.25, sm: 2 },
        flexWrap: 'wrap',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography component="dt" variant="body2" color="textSecondary" sx={{ width: { xs: '100%', sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '-' : value}
      </Typography>
    </Box>
  );
}

export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
    </Paper>
  );
}
