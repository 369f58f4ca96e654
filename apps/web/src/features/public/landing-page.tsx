// /landing (and / for visitors): what the portal is and the ways in.
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../../components/page-title';

const FEATURES = [
  {
    icon: <SmartphoneOutlined />,
    title: 'Order from any device',
    text: 'Search by name, item number or UPC and fill your cart in minutes, from the counter or the stockroom.',
  },
  {
    icon: <ReceiptLongOutlined />,
    title: 'Your prices and history',
    text: 'See the prices agreed with your distributor, every past order and what you owe.',
  },
  {
    icon: <LocalShippingOutlined />,
    title: 'On your route',
    text: 'Orders land with your distributor straight away, ready for your delivery day.',
  },
];

export function LandingPage() {
  useEffect(() => {
    document.title = APP_NAME;
  }, []);
  return (
    <>
      <Box sx={{ background: 'linear-gradient(160deg, #3C7795 0%, #25526a 100%)', color: '#fff', py: { xs: 6, md: 10 } }}>
        <Container maxWidth="lg">
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, maxWidth: 720, mb: 2 }}>
            Order from your distributor, anytime.
          </Typography>
          <Typography sx={{ fontSize: { xs: '1rem', md: '1.15rem' }, opacity: 0.9, maxWidth: 620, mb: 4 }}>
            The ordering portal for stores and sales representatives: the full catalogue, your prices, your cart and your orders
            in one place.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to="/login"
              variant="contained"
              size="large"
              sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#e8f0f4' } }}
            >
              Sign in
            </Button>
            <Button
              component={RouterLink}
              to="/signup"
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}
            >
              Create a store account
            </Button>
            <Button component={RouterLink} to="/sales-login" size="large" sx={{ color: '#fff' }}>
              Sales representative sign in
            </Button>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map((f) => (
            <Paper key={f.title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
              <Box sx={{ color: 'primary.main', mb: 1 }}>{f.icon}</Box>
              <Typography variant="h6" component="h2" gutterBottom>
                {f.title}
              </Typography>
              <Typography color="textSecondary">{f.text}</Typography>
            </Paper>
          ))}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 5 }}>
          <Button component={RouterLink} to="/products" size="large">
            Browse the product range
          </Button>
        </Box>
      </Container>
    </>
  );
}
