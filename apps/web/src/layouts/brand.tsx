// The distributor's logo when the sign-in supplied one, else the product mark and name.
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../components/page-title';

export function Brand({
  logo,
  to = '/',
  compact = false,
  color,
}: {
  logo?: string | null;
  to?: string;
  compact?: boolean;
  color?: string;
}) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={APP_NAME}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: color ?? 'text.primary', minWidth: 0 }}
    >
      {logo ? (
        <Box component="img" src={logo} alt="" sx={{ height: 36, maxWidth: compact ? 40 : 160, objectFit: 'contain' }} />
      ) : (
        <Box
          sx={{
            width: 36,
            height: 36,
            borderRadius: 2,
            bgcolor: color ? 'rgba(255,255,255,0.18)' : 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          <StorefrontIcon fontSize="small" />
        </Box>
      )}
      {compact ? null : (
        <Typography component="span" sx={{ fontWeight: 600, lineHeight: 1.15, fontSize: '0.95rem', whiteSpace: 'nowrap' }}>
          Wholesale
          <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '0.75rem', opacity: 0.75 }}>
            Ordering Portal
          </Box>
        </Typography>
      )}
    </Box>
  );
}
