// One titled section of the product editor: a heading, an optional hint, and its fields on a grid
// (one column on a phone, two on a tablet, four on a desktop).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function Section({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ '&:not(:first-of-type)': { pt: 1 } }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: hint ? 0 : 1,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

export const wide = { gridColumn: { sm: 'span 2' } } as const;
export const full = { gridColumn: '1 / -1' } as const;
