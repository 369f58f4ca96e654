// /retailer/cart (spec §2, §4, §5): lines with steppers and removal, clear, totals with and without
// tax, CRV and delivery charge, the before-ordering checks with their exact messages, and placing
// the order with a confirmation showing its number.
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CartItem, CartSummary } from '@portal/shared/cart/cart.schemas';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { money } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ProductThumb } from '../../components/product/product-thumb';
import {
  type PlacedOrder,
  useClearCartMutation,
  useGetCartItemsQuery,
  useGetDeliveryChargeQuery,
  usePlaceOrderMutation,
  useRemoveCartItemMutation,
} from './cart.api';
import { beforeOrderMessage } from '../../lib/cart-checks';
import { newIdempotencyKey } from './idempotency-key';
import { QuantityControl } from '../../components/product/quantity-control';

export const PLACE_ORDER_FAILED = 'Failed to place order';

export function CartPage() {
  const areaPath = useAreaPath();
  const { data, isLoading, isError, error, refetch } = useGetCartItemsQuery();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  let body;
  if (isLoading) body = <ListSkeleton rows={4} label="Loading cart" />;
  else if (isError || !data)
    body = <ErrorState message={errorMessage(error, 'Failed to fetch cart items')} onRetry={() => void refetch()} />;
  else if (data.finalCartItems.length === 0)
    body = (
      <EmptyState
        title="Your cart is empty"
        hint="Please add items before proceeding."
        action={
          <Button component={RouterLink} to={areaPath('/retailer/order')} variant="contained" sx={{ mt: 1 }}>
            Browse products
          </Button>
        }
      />
    );
  else body = <CartContents cart={data} onPlaced={setPlaced} />;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          Cart
        </Typography>
        {data && data.finalCartItems.length > 0 && <ClearCartButton />}
      </Stack>
      {body}
      <OrderPlacedDialog order={placed} onClose={() => setPlaced(null)} />
    </Box>
  );
}

function ClearCartButton() {
  const [open, setOpen] = useState(false);
  const [clear, { isLoading }] = useClearCartMutation();
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setOpen(true)}>
        Clear cart
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Clear cart?</DialogTitle>
        <DialogContent>Every item will be removed from your cart.</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={isLoading}
            onClick={async () => {
              await clear();
              setOpen(false);
            }}
          >
            Clear cart
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CartContents({ cart, onPlaced }: { cart: CartSummary; onPlaced: (o: PlacedOrder) => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 360px' }, alignItems: 'start' }}>
      <Paper variant="outlined" component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {cart.finalCartItems.map((item, i) => (
          <Box component="li" key={item.Product.id}>
            {i > 0 && <Divider />}
            <CartLine item={item} />
          </Box>
        ))}
      </Paper>
      <CartSummaryPanel cart={cart} onPlaced={onPlaced} />
    </Box>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const [remove, { isLoading }] = useRemoveCartItemMutation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'flex-start' }}>
      <ProductThumb src={item.image} alt={item.Description} size={64} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {item.Description}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              #{item.itemNumber}
              {item.upc ? ` · UPC ${item.upc}` : ''} · Pack {item.pack} {item.uom}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {money(item.price)} each · {money(item.priceWithTax)} with tax
              {item.crv > 0 ? ` · CRV ${money(item.crv)}` : ''}
            </Typography>
            {!item.allowToOrder && (
              <Typography variant="caption" color="error" component="div">
                No longer available to order
              </Typography>
            )}
          </Box>
          <IconButton
            size="small"
            aria-label={`Remove ${item.Description}`}
            disabled={isLoading}
            onClick={() => void remove({ productId: item.Product.id })}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
          <QuantityControl
            size="small"
            keepStepper
            label={item.Description}
            product={{
              productId: item.Product.id,
              itemNumber: item.itemNumber,
              hasProductLimit: item.hasProductLimit,
              productLimit: item.productLimit,
              allowToOrder: true,
            }}
          />
          <Typography variant="body1" sx={{ fontWeight: 600 }} aria-label={`Line total ${item.Description}`}>
            ${item.Product.TotalPrice}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Stack>
  );
}

function CartSummaryPanel({ cart, onPlaced }: { cart: CartSummary; onPlaced: (o: PlacedOrder) => void }) {
  const delivery = useGetDeliveryChargeQuery();
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(false);
  const [poNumber, setPoNumber] = useState('');
  const [notes, setNotes] = useState('');
  // One key per attempt, kept after a lost answer so that trying again replays instead of ordering twice.
  const attemptKey = useRef<string | null>(null);

  const freeOver = delivery.data?.freeOver ?? null;
  const toFree = freeOver != null && cart.deliveryCharge > 0 ? freeOver - cart.totalAmount : 0;

  const submit = async () => {
    const refused = beforeOrderMessage({
      items: cart.finalCartItems,
      totalAmount: cart.totalAmount,
      userLimitMinOrderAmount: cart.userLimitMinOrderAmount,
    });
    // Said by the inline alert below: no toast repeats it (docs/web.md "Toasts").
    setProblem(refused);
    if (refused) return;
    attemptKey.current ??= newIdempotencyKey();
    const result = await placeOrder({
      idempotencyKey: attemptKey.current,
      body: { ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}), ...(notes.trim() ? { notes: notes.trim() } : {}) },
    });
    if ('data' in result && result.data) {
      attemptKey.current = null;
      setPoNumber('');
      setNotes('');
      onPlaced(result.data);
      return;
    }
    const status = (result.error as { status?: unknown } | undefined)?.status;
    // The server answered a definite no: the next attempt is a new one.
    if (typeof status === 'number' && status >= 400 && status < 500) attemptKey.current = null;
    setProblem(errorMessage(result.error, PLACE_ORDER_FAILED));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }} aria-label="Order summary">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Order summary
      </Typography>
      <Row label={`Items (${cart.totalItems})`} value={money(cart.totalAmount)} />
      <Row label="Tax" value={money(cart.totalTax)} />
      <Row label="Total with tax" value={money(cart.totalAmountWithTax)} />
      <Row label="CRV" value={money(cart.totalCrv)} />
      <Row label="Delivery charge" value={cart.deliveryCharge > 0 ? money(cart.deliveryCharge) : 'Free'} />
      <Divider sx={{ my: 1 }} />
      <Row label="Order total" value={money(cart.grandTotal)} strong />
      {cart.userLimitMinOrderAmount != null && cart.userLimitMinOrderAmount > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          Minimum order amount {money(cart.userLimitMinOrderAmount)} (before tax, CRV and delivery)
        </Typography>
      )}
      {toFree > 0 && (
        <Typography variant="caption" color="success.main" component="div">
          Add {money(toFree)} more for free delivery
        </Typography>
      )}
      <Button size="small" onClick={() => setShowNotes((v) => !v)} sx={{ mt: 1, px: 0 }}>
        {showNotes ? 'Hide PO number and notes' : 'Add PO number or notes'}
      </Button>
      <Collapse in={showNotes}>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <TextField
            label="PO number"
            size="small"
            value={poNumber}
            onChange={(e) => setPoNumber(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            label="Notes"
            size="small"
            multiline
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </Collapse>
      {problem && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2, minHeight: 48 }}
        disabled={isLoading}
        onClick={() => void submit()}
      >
        {isLoading ? 'Placing order…' : 'Place order'}
      </Button>
    </Paper>
  );
}

function OrderPlacedDialog({ order, onClose }: { order: PlacedOrder | null; onClose: () => void }) {
  const areaPath = useAreaPath();
  return (
    <Dialog open={order != null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
          Order placed
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your order number is
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 1, my: 1 }} data-testid="order-number">
          {order?.orderNumber}
        </Typography>
        {order && (
          <Typography variant="body2" color="text.secondary">
            {order.totalQuantity} items · {money(order.total)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={areaPath('/retailer/order')} onClick={onClose}>
          Continue shopping
        </Button>
        {order && (
          <Button
            component={RouterLink}
            to={areaPath(`/retailer/order/details/${encodeURIComponent(order.orderNumber)}`)}
            variant="contained"
            onClick={onClose}
          >
            View order
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
