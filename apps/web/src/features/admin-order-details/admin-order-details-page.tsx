// /admin/order/details/:orderId (issue 15 §4): one order for the office. Header with status, revision
// and the status moves; the delivery timeline with who moved it when; store and order facts; the lines
// and totals with the edit before picking; the notes with the store; the PDF; and the History.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { OrderDetails } from '@portal/shared/orders/order-details.schemas';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useModuleGrant } from '../../lib/permissions';
import { AuditTrail } from '../../components/audit/audit-trail';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { OrderStatusChip } from '../../components/order-status-chip';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  downloadAdminOrderPdf,
  ORDER_DETAILS_FAILED,
  ORDER_PDF_FAILED,
  useGetAdminOrderDetailsQuery,
} from './admin-order-details.api';
import { OrderLinesSection } from './order-lines-section';
import { OrderNotesSection } from './order-notes-section';
import { ShortPicksSection } from './short-picks-section';
import { StatusActions } from './status-actions';
import { ReleaseAction } from './release-action';

/** How the History names an order's fields (line fields are the product's own name). */
export const ORDER_AUDIT_LABELS: Record<string, string> = {
  lineCount: 'Lines',
  subtotalCents: 'Subtotal',
  taxCents: 'Tax',
  crvCents: 'CRV',
  deliveryChargeCents: 'Delivery charge',
  totalCents: 'Total',
  revision: 'Revision',
  status: 'Status',
};

function useOrdersGrant() {
  const grant = useModuleGrant('Orders');
  return { canEdit: grant.edit, canExport: grant.export, canApprove: grant.approve };
}

export function AdminOrderDetailsPage() {
  const { canExport } = useOrdersGrant();
  const { orderId = '' } = useParams();
  const q = useGetAdminOrderDetailsQuery(orderId, { skip: !orderId });
  const status = (q.error as { status?: unknown } | undefined)?.status;
  const order = q.data;

  let body;
  if (q.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading order" />;
  else if (status === 404)
    body = <EmptyState title="Order not found" hint="It may belong to another distributor, or the link is wrong." />;
  else if (q.isError || !order)
    body = <ErrorState message={errorMessage(q.error, ORDER_DETAILS_FAILED)} onRetry={() => void q.refetch()} />;
  else body = <OrderBody order={order} />;

  return (
    <Box sx={{ maxWidth: 1400 }}>
      <Button component={RouterLink} to="/admin/order" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Orders
      </Button>
      <PageTitle
        title={order ? `Order #${order.orderNumber}` : 'Order Details'}
        subtitle={order ? `${order.store.name} (#${order.store.cNumber}) · placed ${dateTime(order.createdAt)}` : undefined}
        actions={order && canExport ? <PdfMenu order={order} /> : undefined}
      />
      {body}
    </Box>
  );
}

function OrderBody({ order }: { order: OrderDetails }) {
  const { canEdit, canApprove } = useOrdersGrant();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <OrderStatusChip status={order.status} label={order.statusLabel} />
        {order.revision > 0 && (
          <Chip size="small" variant="outlined" label={`Revision ${order.revision}`} sx={{ height: 22, fontSize: 12 }} />
        )}
        <Box sx={{ flex: 1 }} />
        {canApprove && order.status === 'on_hold' && <ReleaseAction orderId={order.id} orderNumber={order.orderNumber} />}
        {canEdit && <StatusActions orderId={order.id} orderNumber={order.orderNumber} status={order.status} />}
      </Stack>
      {order.orderNote && (
        <Alert severity="info" icon={false}>
          <strong>Store&apos;s note:</strong> {order.orderNote}
        </Alert>
      )}
      <Timeline order={order} />
      <OrderLinesSection order={order} canEdit={canEdit} />
      <ShortPicksSection order={order} canEdit={canEdit} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <StoreCard order={order} />
        <StatusHistory order={order} />
      </Box>
      <OrderNotesSection orderId={order.id} notes={order.noteThread} canWrite={canEdit} />
      <AuditTrail path={`/admin/orders/${encodeURIComponent(order.id)}/audit`} labels={ORDER_AUDIT_LABELS} />
    </Stack>
  );
}

function Timeline({ order }: { order: OrderDetails }) {
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const active = order.timeline.findIndex((s) => s.current);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-timeline-title">
      <Typography id="order-timeline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Delivery status
      </Typography>
      <Stepper
        activeStep={active}
        orientation={wide ? 'horizontal' : 'vertical'}
        alternativeLabel={wide}
        aria-label="Delivery status"
      >
        {order.timeline.map((s) => (
          <Step key={s.status} completed={s.reached && !s.current}>
            <StepLabel
              error={s.status === 'cancelled'}
              optional={
                s.at ? (
                  <Typography variant="caption" color="textSecondary">
                    {dateTime(s.at)}
                  </Typography>
                ) : undefined
              }
            >
              {s.label}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography variant="body2" color="textSecondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

const PLACED_BY: Record<OrderDetails['placedBy']['role'], string> = {
  retailer: 'Store',
  sales: 'Sales rep',
  distributor: 'Office',
};

function StoreCard({ order }: { order: OrderDetails }) {
  const s = order.store;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-store-title">
      <Typography id="order-store-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Store and order
      </Typography>
      <Fact label="Store" value={`${s.name} (#${s.cNumber})`} />
      <Fact label="Contact" value={[s.contactName, s.phone].filter(Boolean).join(' · ')} />
      <Fact label="Address" value={[s.address, s.city, s.state].filter(Boolean).join(', ')} />
      <Fact label="Route / stop" value={`${s.route ?? '—'} / ${s.stop ?? '—'}`} />
      <Fact label="Sales rep" value={s.salesRep} />
      <Fact
        label="Placed by"
        value={`${PLACED_BY[order.placedBy.role]}${order.placedBy.name ? ` · ${order.placedBy.name}` : ''}`}
      />
      <Fact label="PO number" value={order.poNumber} />
      <Fact label="Delivery date" value={order.requestedDeliveryDate} />
    </Paper>
  );
}

function StatusHistory({ order }: { order: OrderDetails }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-history-title">
      <Typography id="order-history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Status changes
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {order.history.map((h, i) => (
          <Typography component="li" variant="body2" key={`${h.status}-${h.at}-${i}`} sx={{ mb: 0.5 }}>
            <strong>{h.statusLabel}</strong> · {dateTime(h.at)}
            {h.by ? ` · ${h.by}` : ''}
            {h.note ? ` — ${h.note}` : ''}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}

function PdfMenu({ order }: { order: OrderDetails }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const pdf = async (hasPrice: boolean) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadAdminOrderPdf(order.id, order.orderNumber, hasPrice);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : ORDER_PDF_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {busy ? 'Downloading…' : 'PDF'}
      </Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void pdf(true)}>Download with prices</MenuItem>
        <MenuItem onClick={() => void pdf(false)}>Download without prices</MenuItem>
      </Menu>
    </>
  );
}
