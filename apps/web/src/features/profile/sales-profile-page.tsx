// /sales/profile (issue 4 §2): the rep's details, distributor and working customer, and the
// change-password form (the rep's other devices are signed out by the server).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { ChangePasswordForm } from './change-password-form';
import { useGetSalesProfileQuery } from '../sales/sales.api';

export const PROFILE_FAILED = 'Failed to fetch profile';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="textSecondary" sx={{ width: { xs: 110, sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0, wordBreak: 'break-word' }}>
        {value || '-'}
      </Typography>
    </Box>
  );
}

export function SalesProfilePage() {
  const profile = useGetSalesProfileQuery();
  const p = profile.data;
  let details;
  if (profile.isLoading) details = <ListSkeleton rows={4} image={false} label="Loading profile" />;
  else if (!p)
    details = <ErrorState message={errorMessage(profile.error, PROFILE_FAILED)} onRetry={() => void profile.refetch()} />;
  else
    details = (
      <>
        <Detail label="Name" value={p.name} />
        <Detail label="Email" value={p.email} />
        <Detail label="Phone" value={formatPhone(p.phone)} />
        <Detail label="Sales rep" value={`${p.salesRep.S_Desc} (${p.salesRep.code})`} />
        <Detail label="Distributor" value={p.distributor.companyName || p.distributor.name} />
        <Detail
          label="Working customer"
          value={p.currentCustomer ? `${p.currentCustomer.C_Number} - ${p.currentCustomer.C_CoName}` : 'None selected'}
        />
      </>
    );
  return (
    <Box>
      <PageTitle title="Profile" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Details">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Details
          </Typography>
          {details}
        </Paper>
        <ChangePasswordForm area="sales" />
      </Box>
    </Box>
  );
}
