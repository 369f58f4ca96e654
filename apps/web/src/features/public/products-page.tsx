// /products: public teaser of the range a convenience-store distributor carries; prices need sign-in.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';

const CATEGORIES = [
  { name: 'Beverages', text: 'Soft drinks, water, energy drinks, juices and coffee.' },
  { name: 'Snacks', text: 'Chips, nuts, jerky, crackers and cookies.' },
  { name: 'Candy', text: 'Chocolate, gum, mints and seasonal candy.' },
  { name: 'Grocery', text: 'Pantry staples, canned goods and breakfast.' },
  { name: 'Tobacco accessories', text: 'Lighters, papers and counter displays.' },
  { name: 'Health and beauty', text: 'Pain relief, personal care and travel sizes.' },
  { name: 'Household', text: 'Cleaning, paper goods, batteries and more.' },
];

export function ProductsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle
        title="Products"
        subtitle="Thousands of items across the categories your store sells. Sign in to see your prices and order."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {CATEGORIES.map((c) => (
          <Paper key={c.name} variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {c.name}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {c.text}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 4 }}>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Sign in to order
        </Button>
        <Button component={RouterLink} to="/signup" variant="outlined" size="large">
          Create a store account
        </Button>
      </Box>
    </Container>
  );
}
