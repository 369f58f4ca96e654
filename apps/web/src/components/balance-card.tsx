// The outstanding-balance card of the dashboards (dollar sign, 2 decimals), linking to the account screen.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { money } from '../lib/format';

export function BalanceCard({ to, amount }: { to: string; amount: number }) {
  return (
    <Paper variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
          <AccountBalanceWalletIcon color="primary" sx={{ fontSize: 40 }} />
          <Box>
            <Typography variant="caption" color="textSecondary" component="div">
              Outstanding balance
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="balance">
              {money(amount)}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Paper>
  );
}
