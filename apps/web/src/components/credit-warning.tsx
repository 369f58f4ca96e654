// The credit summary's warning (credit-summary.tsx loads it when the order goes over the limit): MUI's
// Alert, in a theme of its own, since the cart around it is built without MUI.
import Alert from '@mui/material/Alert';
import { withOwnMuiTheme } from './mui-theme';

function CreditWarningAlert({ message, hold }: { message: string; hold: boolean }) {
  return (
    <Alert severity={hold ? 'error' : 'warning'} sx={{ mt: 1 }} data-testid="credit-warning">
      {message}
    </Alert>
  );
}

export const CreditWarning = withOwnMuiTheme(CreditWarningAlert);
