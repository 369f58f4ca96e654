// Screens that act for a customer (order, cart, history, account) need a selected retailer: until
// one is chosen they prompt for it. The screen is keyed by the customer, so switching customer
// starts it afresh (no search, page or dialog of the previous customer left behind).
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { PageTitle } from './page-title';

export const PICK_RETAILER_TITLE = 'Select a retailer to continue';

export function PickRetailerPrompt() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 2 }}
      data-testid="pick-retailer"
    >
      <StorefrontOutlined color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {PICK_RETAILER_TITLE}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
        Choose the store you are ordering for with Select Retailer at the top of the page, or from your list of retailers.
      </Typography>
      <Button component={RouterLink} to="/sales/retailers" variant="contained">
        View my retailers
      </Button>
    </Paper>
  );
}

export function RequireCustomer({ title, children }: { title: string; children: ReactNode }) {
  const customerId = useAppSelector((s) => s.auth.selectedCustomer?.id ?? null);
  if (!customerId)
    return (
      <>
        <PageTitle title={title} />
        <PickRetailerPrompt />
      </>
    );
  return <Fragment key={customerId}>{children}</Fragment>;
}
