// Frame of the sign-in screens: a brand panel beside the form on wide screens, the form alone on phones.
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { APP_NAME } from '../components/page-title';
import { Brand } from './brand';

const POINTS = ['Your prices, your catalogue', 'Order in minutes, day or night', 'Order history and invoices in one place'];

export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: '42%',
          maxWidth: 560,
          p: 6,
          color: '#fff',
          background: 'linear-gradient(160deg, #3C7795 0%, #25526a 100%)',
        }}
      >
        <Brand color="#fff" />
        <Box>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600, mb: 3, lineHeight: 1.25 }}>
            Order from your distributor, anytime.
          </Typography>
          {POINTS.map((p) => (
            <Box key={p} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <CheckCircleOutline fontSize="small" />
              <Typography>{p}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.8 }}>
          © {new Date().getFullYear()} {APP_NAME}
        </Typography>
      </Box>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', md: 'center' },
          p: { xs: 2, sm: 4 },
        }}
      >
        <Box sx={{ display: { xs: 'flex', md: 'none' }, width: '100%', maxWidth: 440, mb: 3, mt: 1 }}>
          <Brand />
        </Box>
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 2.5, sm: 4 },
            borderRadius: 3,
            border: { xs: 0, sm: 1 },
            borderColor: { sm: 'divider' },
          }}
        >
          <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.75 : 3 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </Paper>
        {footer ? <Box sx={{ width: '100%', maxWidth: 440, mt: 2, textAlign: 'center' }}>{footer}</Box> : null}
      </Box>
    </Box>
  );
}
