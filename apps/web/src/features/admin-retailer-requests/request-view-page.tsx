// /admin/retailer-requests/view/:id: the applicant's details, its possible duplicates (stores and other
// open requests with the same phone, e-mail, address or business name), the decision (who, when, the
// store made or the reason given), Edit / Approve / Reject while pending, and the request's history.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import { REQUEST_STATUS_LABELS, type RequestDetail } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { REQUEST_FAILED, requestTrailPath, useGetRetailerRequestQuery } from './retailer-requests.api';
import { BASE_PATH, RequestStatusChip, sameText, useRequestPermissions } from './request-bits';

const AUDIT_LABELS: Record<string, string> = {
  storeName: 'Store name',
  ownerName: 'Owner name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  notes: 'Notes',
  status: 'Status',
  customerId: 'Store id',
  rejectReason: 'Reason',
  C_Number: 'C_Number',
};

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

// The same padding as the History section below.
const section = { p: 2 } as const;

export function RequestViewPage() {
  const { id = '' } = useParams();
  const q = useGetRetailerRequestQuery(id);
  if (q.isLoading) return <ListSkeleton rows={4} image={false} />;
  if (q.isError || !q.data)
    return <ErrorState message={errorMessage(q.error, REQUEST_FAILED)} onRetry={() => void q.refetch()} />;
  return <RequestView request={q.data} />;
}

function RequestView({ request: r }: { request: RequestDetail }) {
  const { canEdit, canApprove } = useRequestPermissions();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const open = r.status === 'pending' || r.status === 'unverified';
  const place = [r.address, [r.city, r.state].filter(Boolean).join(', '), r.zip].filter(Boolean).join(' · ');

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={BASE_PATH}>
        Requests
      </Button>
      {canEdit && r.status === 'pending' ? (
        <Button startIcon={<EditIcon />} component={RouterLink} to={`${BASE_PATH}/edit/${encodeURIComponent(r.id)}`}>
          Edit
        </Button>
      ) : null}
      {canApprove && open ? (
        <Button color="error" variant="outlined" startIcon={<CloseIcon />} onClick={() => setDialog('reject')}>
          Reject
        </Button>
      ) : null}
      {canApprove && r.status === 'pending' ? (
        <Button variant="contained" startIcon={<CheckIcon />} onClick={() => setDialog('approve')}>
          Approve
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <>
      <PageTitle title={r.storeName} subtitle="Retailer request" actions={actions} />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {r.status === 'unverified' ? (
          <Alert severity="info">The applicant has not verified their email yet. It can be approved once they have.</Alert>
        ) : null}
        {r.status === 'approved' && r.customer ? (
          <Alert severity="success">
            Approved{r.reviewedBy ? ` by ${r.reviewedBy.name}` : ''} on {dateTime(r.reviewedAt)}: store C_Number{' '}
            {r.customer.C_Number}.
          </Alert>
        ) : null}
        {r.status === 'rejected' ? (
          <Alert severity="error">
            Rejected{r.reviewedBy ? ` by ${r.reviewedBy.name}` : ''} on {dateTime(r.reviewedAt)}. Reason: {r.rejectReason}
          </Alert>
        ) : null}
        <Paper variant="outlined" sx={section} component="section" aria-labelledby="request-details-title">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography id="request-details-title" variant="h6" component="h2">
              Request
            </Typography>
            <RequestStatusChip status={r.status} />
          </Stack>
          <Facts
            items={[
              ['Store', r.storeName],
              ['Owner', r.ownerName],
              ['Email', r.email],
              ['Phone', formatPhone(r.phone) ?? r.phone],
              ['Address', place || null],
              ['Notes', r.notes],
              ['Source', r.source === 'staff' ? 'Added in the office' : 'Signed up online'],
              ['Sign-in', r.hasPassword ? 'Password chosen at sign-up' : 'One-time code by email'],
              ['Received', dateTime(r.createdAt)],
              ['Email verified', r.verifiedAt ? dateTime(r.verifiedAt) : null],
              ['Status', REQUEST_STATUS_LABELS[r.status]],
            ]}
          />
        </Paper>
        <Paper variant="outlined" sx={section} component="section" aria-labelledby="request-duplicates-title">
          <Typography id="request-duplicates-title" variant="h6" component="h2">
            Possible duplicates
          </Typography>
          {r.duplicates.length ? (
            <List dense disablePadding>
              {r.duplicates.map((d) => (
                <ListItem key={`${d.kind}-${d.id}`} disableGutters divider>
                  <ListItemText
                    primary={
                      d.kind === 'request' ? (
                        <Link component={RouterLink} to={`${BASE_PATH}/view/${encodeURIComponent(d.id)}`} underline="hover">
                          {d.name}
                        </Link>
                      ) : (
                        `${d.name} (C_Number ${d.C_Number})`
                      )
                    }
                    secondary={`${d.kind === 'store' ? 'Existing store' : `Request, ${REQUEST_STATUS_LABELS[d.status ?? 'pending'].toLowerCase()}`} · ${sameText(d.matches)}`}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              No store or open request shares this phone, email, address or business name.
            </Typography>
          )}
        </Paper>
        <AuditTrail path={requestTrailPath(r.id)} labels={AUDIT_LABELS} />
      </Stack>
      {dialog === 'approve' ? <ApproveDialog request={r} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reject' ? <RejectDialog request={r} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
