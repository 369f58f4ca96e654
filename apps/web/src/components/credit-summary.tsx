// The store's credit position (issue 18 §1): balance, exposure and credit limit, and the warning when
// this order takes it over the limit (policy warn: it can still be placed; hold: it will wait for review).
// Shown in the cart (retailer and rep) and on the account page.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CreditStatus } from '@portal/shared/credit/credit.schemas';
import { money } from '../lib/format';

export const CREDIT_LABELS = {
  title: 'Credit',
  balance: 'Balance',
  openOrders: 'Orders not yet invoiced',
  cart: 'This cart',
  exposure: 'Exposure',
  limit: 'Credit limit',
  noLimit: 'None',
  over: 'Over your credit limit',
} as const;

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color={strong ? 'textPrimary' : 'textSecondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * `account`: on the account page, under the balance it already shows: no balance line, the cart's line only
 * while something is in it, and "Over your credit limit" instead of the checkout warning.
 */
export function CreditSummary({ status, account = false }: { status: CreditStatus; account?: boolean }) {
  const withCart = !account;
  const message = account ? null : status.message;
  return (
    <Box aria-label="Credit" component="section">
      {!account && <Line label={CREDIT_LABELS.balance} value={money(status.balance)} testId="credit-balance" />}
      {status.openOrders !== 0 && <Line label={CREDIT_LABELS.openOrders} value={money(status.openOrders)} />}
      {(withCart || status.cart !== 0) && <Line label={CREDIT_LABELS.cart} value={money(status.cart)} />}
      <Line label={CREDIT_LABELS.exposure} value={money(status.exposure)} strong testId="credit-exposure" />
      <Line
        label={CREDIT_LABELS.limit}
        value={status.limit == null ? CREDIT_LABELS.noLimit : money(status.limit)}
        testId="credit-limit"
      />
      {status.over && !message && (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
          {CREDIT_LABELS.over}
        </Typography>
      )}
      {message && (
        <Alert severity={status.action === 'hold' ? 'error' : 'warning'} sx={{ mt: 1 }} data-testid="credit-warning">
          {message}
        </Alert>
      )}
    </Box>
  );
}
