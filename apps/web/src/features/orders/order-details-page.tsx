// /retailer/order/details/:orderId (issue 3 §2): the order's lines and totals, its delivery status
// timeline, the PDF with or without prices, and reorder. :orderId is the order number.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { notify } from '../../lib/notify';
import { useAddToCartMutation } from '../cart/cart.api';
import type { CartState } from '../cart/cart.slice';
import { useOpenCart } from '../../lib/use-open-cart';
import { dateTime, money } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ProductThumb } from '../../components/product/product-thumb';
import {
  downloadOrderPdf,
  ORDER_MESSAGES,
  type OrderDetail,
  useGetDeliveryStatusQuery,
  useGetOrderDetailQuery,
  useLazyGetOrderDetailQuery,
} from './orders.api';
import { OrderStatusChip } from '../../components/order-status-chip';
import { type ReorderLine, type ReorderResult, reorderLines } from './reorder';
import { ReorderResultDialog } from './reorder-result-dialog';
import { orderNotFoundHint } from './order-not-found';
import { useAppSelector } from '../../app/hooks';
import { StoreOrderNotes } from './order-notes';

const LINES_PAGE_SIZE = 50;
const selectSalesCustomerId = (s: { auth: { role: string | null; selectedCustomer?: { id?: string } | null } }) =>
  s.auth.role === 'sales' ? (s.auth.selectedCustomer?.id ?? null) : null;

export function OrderDetailsPage() {
  const { orderId = '' } = useParams();
  const areaPath = useAreaPath();
  const [page, setPage] = useState(1);
  const q = useGetOrderDetailQuery({ orderNumber: orderId, page, limit: LINES_PAGE_SIZE }, { skip: !orderId });
  const status = (q.error as { status?: unknown } | undefined)?.status;
  const role = useAppSelector((s) => s.auth.role);
  const servedCustomer = useAppSelector((s) => s.auth.selectedCustomer);

  let body;
  if (q.isLoading) body = <ListSkeleton rows={5} label="Loading order" />;
  else if (status === 404) body = <EmptyState title="Order not found" hint={orderNotFoundHint(orderId, role, servedCustomer)} />;
  else if (q.isError || !q.data)
    body = <ErrorState message={errorMessage(q.error, ORDER_MESSAGES.detail)} onRetry={() => void q.refetch()} />;
  else body = <OrderBody detail={q.data} page={page} onPage={setPage} />;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button
        component={RouterLink}
        to={areaPath('/retailer/orders/history')}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        Order History
      </Button>
      <PageTitle
        title="Order Details"
        subtitle={q.data ? `Placed ${dateTime(q.data.order.createdAt)}` : undefined}
        actions={q.data ? <OrderActions detail={q.data} /> : undefined}
      />
      {body}
    </Box>
  );
}

function OrderBody({ detail, page, onPage }: { detail: OrderDetail; page: number; onPage: (p: number) => void }) {
  const o = detail.order;
  const pages = Math.max(1, Math.ceil(detail.total / detail.limit));
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Order #{o.orderNumber}
        </Typography>
        <OrderStatusChip status={o.status} label={o.statusLabel} />
        {o.poNumber && <Typography variant="body2">PO {o.poNumber}</Typography>}
        {o.requestedDeliveryDate && <Typography variant="body2">Requested delivery {o.requestedDeliveryDate}</Typography>}
        {o.revision > 0 && (
          <Typography variant="body2" color="textSecondary">
            Revision {o.revision} · changed by your distributor
          </Typography>
        )}
      </Stack>
      {o.notes && (
        <Alert severity="info" icon={false} sx={{ mb: 2 }}>
          {o.notes}
        </Alert>
      )}
      <DeliveryTimeline orderNumber={o.orderNumber} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, alignItems: 'start', mt: 2 }}>
        <Box>
          <Paper variant="outlined" component="ul" aria-label="Order lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {detail.lines.map((l, i) => (
              <Box component="li" key={l.lineNo}>
                {i > 0 && <Divider />}
                <Stack direction="row" spacing={1.5} sx={{ p: 1.5 }}>
                  <ProductThumb src={l.image} alt="" size={56} />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {l.description}
                    </Typography>
                    <Typography variant="caption" color="textSecondary" component="div">
                      #{l.itemNumber}
                      {l.upc ? ` · UPC ${l.upc}` : ''} · Pack {l.pack} {l.uom}
                    </Typography>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5, gap: 1 }}>
                      <Typography variant="body2">
                        {l.quantity} × {money(l.price)}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {money(l.subtotal)}
                      </Typography>
                    </Stack>
                    {(l.tax > 0 || l.crv > 0) && (
                      <Typography variant="caption" color="textSecondary" component="div" sx={{ textAlign: 'right' }}>
                        {l.tax > 0 ? `Tax ${money(l.tax)}` : ''}
                        {l.tax > 0 && l.crv > 0 ? ' · ' : ''}
                        {l.crv > 0 ? `CRV ${money(l.crv)}` : ''}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </Box>
            ))}
          </Paper>
          {pages > 1 && (
            <Stack sx={{ alignItems: 'center', mt: 2 }}>
              <Pagination
                count={pages}
                page={page}
                onChange={(_e, p) => onPage(p)}
                color="primary"
                aria-label="Order line pages"
              />
            </Stack>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Order totals">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Totals
          </Typography>
          <TotalRow label={`Subtotal (${o.itemCount} ${o.itemCount === 1 ? 'line' : 'lines'})`} value={money(o.subtotal)} />
          <TotalRow label="Tax" value={money(o.tax)} />
          <TotalRow label="CRV" value={money(o.crv)} />
          <TotalRow label="Delivery charge" value={money(o.deliveryCharge)} />
          <Divider sx={{ my: 1 }} />
          <TotalRow label="Total" value={money(o.total)} strong />
        </Paper>
      </Box>
      {/* The store's thread with the office; a rep reads and writes it for the working customer. */}
      <StoreOrderNotes orderNumber={o.orderNumber} />
    </>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

function DeliveryTimeline({ orderNumber }: { orderNumber: string }) {
  const q = useGetDeliveryStatusQuery(orderNumber);
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  let body;
  if (q.isLoading) body = <Skeleton variant="rounded" height={wide ? 56 : 200} />;
  else if (q.isError || !q.data)
    body = <ErrorState message={errorMessage(q.error, ORDER_MESSAGES.status)} onRetry={() => void q.refetch()} />;
  else {
    const steps = q.data.timeline;
    const active = steps.findIndex((s) => s.current);
    body = (
      <Stepper
        activeStep={active}
        orientation={wide ? 'horizontal' : 'vertical'}
        alternativeLabel={wide}
        aria-label="Delivery status"
      >
        {steps.map((s) => (
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
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="delivery-status-title">
      <Typography id="delivery-status-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Delivery status
      </Typography>
      {body}
    </Paper>
  );
}

function OrderActions({ detail }: { detail: OrderDetail }) {
  const orderNumber = detail.order.orderNumber;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [reordering, setReordering] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [add] = useAddToCartMutation();
  const store = useStore<{ cart: CartState }>();
  const [fetchLines] = useLazyGetOrderDetailQuery();
  const areaPath = useAreaPath();
  const openCart = useOpenCart(areaPath('/retailer/cart'));
  // A sales rep downloads the PDF of the selected customer's order (GET /sales/orderPdf/{customerId}).
  const salesCustomerId = useSelector(selectSalesCustomerId);

  const pdf = async (hasPrice: boolean) => {
    setAnchor(null);
    setDownloading(true);
    try {
      await downloadOrderPdf(orderNumber, hasPrice, salesCustomerId);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : ORDER_MESSAGES.pdf);
    } finally {
      setDownloading(false);
    }
  };

  const reorder = async () => {
    setReordering(true);
    try {
      // Every line, not only the page on screen.
      const lines: ReorderLine[] = [];
      for (let p = 1; ; p++) {
        const d =
          p === 1 && detail.page === 1 && detail.total <= detail.limit
            ? detail
            : await fetchLines({ orderNumber, page: p, limit: 200 }).unwrap();
        lines.push(
          ...d.lines.map((l) => ({
            productId: l.productId,
            itemNumber: l.itemNumber,
            description: l.description,
            quantity: l.quantity,
          })),
        );
        if (p * d.limit >= d.total) break;
      }
      // The dialog lists what was added and what was not: no toast repeats it.
      const r = await reorderLines(
        lines,
        (productId, quantity) => add({ productId, quantity, silent: true }).unwrap(),
        (productId) => store.getState().cart.items.find((i) => i.Product.id === productId)?.Product.Qty ?? 0,
      );
      setResult(r);
    } catch (err) {
      notify.error(errorMessage(err, ORDER_MESSAGES.detail));
    } finally {
      setReordering(false);
    }
  };

  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        disabled={downloading}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {downloading ? 'Downloading…' : 'PDF'}
      </Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void pdf(true)}>Download with prices</MenuItem>
        <MenuItem onClick={() => void pdf(false)}>Download without prices</MenuItem>
      </Menu>
      <Button variant="contained" startIcon={<ReplayIcon />} disabled={reordering} onClick={() => void reorder()}>
        {reordering ? 'Adding…' : 'Reorder'}
      </Button>
      <ReorderResultDialog
        result={result}
        onClose={() => setResult(null)}
        onOpenCart={() => {
          setResult(null);
          openCart();
        }}
      />
    </Stack>
  );
}
