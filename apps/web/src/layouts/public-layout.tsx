// Frame of the public pages: a top bar (links collapse into a menu on phones) and a footer.
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { APP_NAME } from '../components/page-title';
import { Brand } from './brand';
import { MuiTheme } from '../components/mui-theme';

const LINKS = [
  { label: 'Products', to: '/products' },
  { label: 'Contact Us', to: '/contact-us' },
];

const FOOTER_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms & Conditions', to: '/terms-conditions' },
  { label: 'Software License', to: '/software-license' },
  { label: 'Contact Us', to: '/contact-us' },
];

/** The frame inside the MUI theme, which loads with it (components/mui-theme.tsx). */
export function PublicLayout() {
  return (
    <MuiTheme>
      <PublicLayoutContent />
    </MuiTheme>
  );
}

function PublicLayoutContent() {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const go = (to: string) => {
    setMenu(null);
    void navigate(to);
  };
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ minHeight: 65, gap: 1 }}>
            <Brand />
            <Box sx={{ flex: 1 }} />
            <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, alignItems: 'center' }}>
              {LINKS.map((l) => (
                <Button key={l.to} component={RouterLink} to={l.to} color="inherit">
                  {l.label}
                </Button>
              ))}
              <Button component={RouterLink} to="/signup" color="inherit">
                Sign up
              </Button>
              <Button component={RouterLink} to="/login" variant="contained">
                Sign in
              </Button>
            </Box>
            <Box sx={{ display: { xs: 'flex', md: 'none' }, gap: 1, alignItems: 'center' }}>
              <Button component={RouterLink} to="/login" variant="contained" size="small">
                Sign in
              </Button>
              <IconButton aria-label="Open menu" onClick={(e) => setMenu(e.currentTarget)}>
                <MenuIcon />
              </IconButton>
            </Box>
            <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
              {[...LINKS, { label: 'Sign up', to: '/signup' }, { label: 'Sales sign in', to: '/sales-login' }].map((l) => (
                <MenuItem key={l.to} onClick={() => go(l.to)}>
                  {l.label}
                </MenuItem>
              ))}
            </Menu>
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography variant="body2" color="textSecondary">
            © {new Date().getFullYear()} {APP_NAME}
          </Typography>
          <Box component="nav" aria-label="Footer" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {FOOTER_LINKS.map((l) => (
              <Link key={l.label} component={RouterLink} to={l.to} variant="body2" color="text.secondary" underline="hover">
                {l.label}
              </Link>
            ))}
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
