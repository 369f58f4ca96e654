// /admin/retailers/view/:id: one store's page: its balance and orders at a glance, its terms, its users
// (retailer-users.tsx), its last orders and its History (the shared audit trail); its catalogue as it sees it (read-only preview); edit, and
// deactivate (after a confirmation) or reactivate, by the role's Retailers permission, each answered with
// the server's message as a toast.
import { CREDIT_POLICY_LABELS } from '@portal/shared/credit/credit';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import { formatMoney } from '@portal/shared/money/money';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { ConfirmModal } from '../../components/form-modal';
import { ErrorState } from '../../components/list-states';
import { OrderStatusChip } from '../../components/order-status-chip';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime, shortDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  RETAILER_FAILED,
  RETAILER_STATUS_FAILED,
  useGetAdminRetailerQuery,
  useSetAdminRetailerActiveMutation,
} from './admin-retailers.api';
import type { RetailerDetail } from './admin-retailers.types';
import { CataloguePreviewDialog } from './catalogue-preview-dialog';
import { Balance, deactivateRetailerQuestion, RetailerStatusChip } from './retailer-bits';
import { DELIVERY_RULE_LABELS, orderDayLabel, routeStop } from './retailer-labels';
import { InviteUserButton, RetailerUsers } from './retailer-users';
import { retailerPath, useRetailerPermissions } from './retailers-page';

/** The History's names of the store's fields. */
const AUDIT_LABELS: Record<string, string> = {
  cNumber: 'C_Number',
  companyName: 'Business name',
  routeNumber: 'Route',
  stopNumber: 'Stop',
  orderDay: 'Order day (0 none, 1 Monday … 7 Sunday, 8 other)',
  minOrderCents: 'Minimum order',
  deliveryChargeCents: 'Delivery charge',
  creditLimitCents: 'Credit limit',
  paymentTermsDays: 'Payment terms (days)',
  isActive: 'Active',
};

export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** The store's terms as label / value pairs (what is not set reads "None" or is left out). */
export function retailerTerms(r: RetailerDetail): [string, string][] {
  const money = (cents: number | null) => (cents == null ? 'None' : formatMoney(cents));
  const address = [r.address, [r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  const delivery =
    r.deliveryChargeRule === 'flat' && r.deliveryChargeCents != null
      ? `Flat ${formatMoney(r.deliveryChargeCents)}`
      : DELIVERY_RULE_LABELS[r.deliveryChargeRule];
  return [
    ['Contact', r.contactName],
    ['Phone', formatPhone(r.phone) ?? 'None'],
    ['Email', r.email ?? 'None'],
    ['Address', address || 'None'],
    ['Route / stop', routeStop(r.routeNumber, r.stopNumber) || 'None'],
    ['Order day', orderDayLabel(r.orderDay)],
    ['Sales rep', r.salesRep?.name ?? 'None'],
    ['Price class', `Price ${r.priceClass}`],
    ['Minimum order', money(r.minOrderCents)],
    ['Item limit', r.itemLimit == null ? 'No limit' : r.itemLimit.toLocaleString('en-US')],
    ['Delivery charge', delivery],
    ['Credit limit', money(r.creditLimitCents)],
    ['Credit policy', CREDIT_POLICY_LABELS[r.creditPolicy]],
    ['Payment terms', r.paymentTermsDays === 0 ? 'Due on receipt' : `Net ${r.paymentTermsDays}`],
    ['Tax exempt', r.taxExempt ? 'Yes' : 'No'],
    ['Customer since', shortDate(r.createdAt)],
  ];
}

export function RetailerViewPage() {
  const { id = '' } = useParams();
  const q = useGetAdminRetailerQuery(id);
  if (q.isError)
    return (
      <>
        <BackToList />
        <PageTitle title="Retailer" />
        <ErrorState message={errorMessage(q.error, RETAILER_FAILED)} onRetry={() => void q.refetch()} />
      </>
    );
  if (!q.data)
    return (
      <>
        <BackToList />
        <PageTitle title="Retailer" />
        <Stack spacing={2} role="status" aria-label="Loading the retailer" aria-busy="true">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={260} />
        </Stack>
      </>
    );
  return <RetailerView retailer={q.data} />;
}

function BackToList() {
  return (
    <Button component={RouterLink} to={retailerPath.list} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      Retailers
    </Button>
  );
}

function RetailerView({ retailer: r }: { retailer: RetailerDetail }) {
  const { canAdd, canEdit } = useRetailerPermissions();
  const [setActive, activeState] = useSetAdminRetailerActiveMutation();
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const changeActive = async (active: boolean) => {
    try {
      const answer = await setActive({ id: r.id, active }).unwrap();
      notify.success(answer.message);
      setConfirming(false);
    } catch (err) {
      notify.error(errorMessage(err, RETAILER_STATUS_FAILED));
    }
  };

  const preview = (
    <Button variant="outlined" startIcon={<StorefrontIcon />} onClick={() => setPreviewing(true)}>
      Preview catalogue
    </Button>
  );
  const actions = (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
      {preview}
      {canEdit ? (
        <Button variant="contained" startIcon={<EditIcon />} component={RouterLink} to={retailerPath.edit(r.id)}>
          Edit
        </Button>
      ) : null}
      {!canEdit ? null : r.isActive ? (
        <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setConfirming(true)}>
          Deactivate
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<RestoreIcon />}
          loading={activeState.isLoading}
          onClick={() => void changeActive(true)}
        >
          Reactivate
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <BackToList />
      <PageTitle title={r.companyName} subtitle={`C_Number ${r.C_Number}`} actions={actions} />
      {!r.isActive ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This store is inactive: its users cannot sign in or order.
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          mb: 2,
        }}
      >
        <Fact label="Balance">
          <Balance cents={r.balanceCents} variant="h5" />
        </Fact>
        <Fact label="Open orders">
          <Typography variant="h5" component="span" sx={{ fontWeight: 700 }}>
            {r.openOrderCount}
          </Typography>
        </Fact>
        <Fact label="Last order">
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {r.lastOrderAt ? shortDate(r.lastOrderAt) : 'None yet'}
          </Typography>
        </Fact>
        <Fact label="Status">
          <Box sx={{ pt: 0.5 }}>
            <RetailerStatusChip active={r.isActive} />
          </Box>
        </Fact>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Panel title="Terms">
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: { xs: 2, sm: 3 },
              rowGap: 1,
              '& dt': { color: 'text.secondary', typography: 'body2' },
              '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
            }}
          >
            {retailerTerms(r).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
          {r.notes ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="textSecondary">
                Notes
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {r.notes}
              </Typography>
            </Box>
          ) : null}
        </Panel>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Panel title="Users" action={canAdd ? <InviteUserButton retailer={r} /> : null}>
            <RetailerUsers retailer={r} canEdit={canEdit} />
          </Panel>
          <Panel title="Last orders">
            <LastOrders retailer={r} />
          </Panel>
        </Stack>
      </Box>

      <Box sx={{ mt: 2 }}>
        <AuditTrail path={`/admin/retailers/${encodeURIComponent(r.id)}/audit`} labels={AUDIT_LABELS} />
      </Box>

      {previewing ? <CataloguePreviewDialog retailer={r} onClose={() => setPreviewing(false)} /> : null}
      {confirming ? (
        <ConfirmModal
          title="Deactivate retailer"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setConfirming(false)}
          onConfirm={() => void changeActive(false)}
        >
          {deactivateRetailerQuestion(r)}
        </ConfirmModal>
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      {children}
    </Paper>
  );
}

function LastOrders({ retailer }: { retailer: RetailerDetail }) {
  if (!retailer.lastOrders.length)
    return (
      <Typography variant="body2" color="textSecondary">
        No orders yet.
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Last orders">
      {retailer.lastOrders.map((o) => (
        <Stack component="li" key={o.orderNumber} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`#${o.orderNumber}`}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {`${dateTime(o.createdAt)} · ${o.itemCount} ${o.itemCount === 1 ? 'item' : 'items'}`}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(o.totalCents)}
          </Typography>
          <OrderStatusChip status={o.status} />
        </Stack>
      ))}
    </Stack>
  );
}
