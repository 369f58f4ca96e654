// Small pieces the retailer screens share: the store's status chip and its balance, coloured when owed.
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@portal/shared/money/money';

export function RetailerStatusChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant="outlined" />;
}

/** $1,250.50: what the store owes (a credit, below zero, in green). */
export function Balance({ cents, variant = 'body2' }: { cents: number; variant?: 'body2' | 'h5' }) {
  return (
    <Typography
      variant={variant}
      component="span"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        color: cents < 0 ? 'success.main' : 'inherit',
        fontWeight: variant === 'h5' ? 700 : undefined,
      }}
    >
      {formatMoney(cents)}
    </Typography>
  );
}

/** The confirmation's text before deactivating (issue 14: confirmations before destructive actions). */
export const deactivateRetailerQuestion = (r: { C_Number: string; companyName: string }) =>
  `Deactivate ${r.C_Number} ${r.companyName}? Its users are signed out at once and cannot sign in or order until you reactivate it.`;
