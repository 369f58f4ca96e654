// /retailer/cart (spec §2, §4, §5): lines with steppers and removal, clear, totals with and without
// tax, CRV and delivery charge, the before-ordering checks with their exact messages, and placing
// the order with a confirmation showing its number; the store's balance, exposure and credit limit, with
// the warning when the order goes over it (placed on hold under policy hold: the confirmation says so).
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cartProblemsMessage } from '@portal/shared/cart/cart-rules';
import { CREDIT_MESSAGES } from '@portal/shared/credit/credit';
import type { CartItem, CartProblem, CartSummary, OrderLineProblem } from '@portal/shared/cart/cart.schemas';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { money } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { DiscountChip, ListPriceText } from '../../components/product/product-bits';
import { ProductThumb } from '../../components/product/product-thumb';
import { CreditSummary } from '../../components/credit-summary';
import { useGetCreditStatusQuery } from '../credit/credit.api';
import { type CallFailure, callFailure } from '../../lib/call-failure';
import {
  type PlacedOrder,
  useClearCartMutation,
  useGetCartItemsQuery,
  useGetDeliveryChargeQuery,
  usePlaceOrderMutation,
  useRemoveCartItemMutation,
  useUpdateCartItemMutation,
} from './cart.api';
import { beforeOrderMessage, linesAndUnits } from '../../lib/cart-checks';
import { newIdempotencyKey } from './idempotency-key';
import { QuantityControl } from '../../components/product/quantity-control';
import { deleteIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import { ButtonLink } from '../../components/ui/button';
import '../../components/ui/controls.css';
import '../../components/ui/ui.css';
import './cart.css';
import { DeliveryDateLine } from '../../components/delivery-date-line';

export const PLACE_ORDER_FAILED = 'Failed to place order';
export const NOT_IN_TOTAL = 'Not in total';
export const ORDER_HELD_TITLE = 'Order on hold';

/** Under the totals while lines that can no longer be ordered are in the cart (left out of every total). */
export function leftOutMessage(lines: number): string {
  return lines === 1
    ? '1 item no longer available to order is not included in the totals.'
    : `${lines} items no longer available to order are not included in the totals.`;
}

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
          <ButtonLink to={areaPath('/retailer/order')} variant="contained">
            Browse products
          </ButtonLink>
        }
      />
    );
  else body = <CartContents cart={data} onPlaced={setPlaced} />;

  return (
    // The page, its lines and the summary are plain elements (cart.css): the first commit inserts no
    // Emotion styles for them. Alerts, dialogs and the notes fields (shown on demand) stay MUI.
    <div className="cart-page">
      <div className="cart-head">
        <h1 className="cart-title">Cart</h1>
        {data && data.finalCartItems.length > 0 && <ClearCartButton />}
      </div>
      {body}
      <OrderPlacedDialog order={placed} onClose={() => setPlaced(null)} />
    </div>
  );
}

function ClearCartButton() {
  const [open, setOpen] = useState(false);
  const [clear, { isLoading }] = useClearCartMutation();
  return (
    <>
      <button type="button" className="ui-btn ui-btn--text cart-danger" onClick={() => setOpen(true)}>
        <span className="cart-btn-icon">
          <SvgIcon icon={deleteIcon} />
        </span>
        Clear cart
      </button>
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

/** The problem lines of a CART_PROBLEMS refusal, or null when the failure is something else. */
function placeOrderProblems(failure: CallFailure): OrderLineProblem[] | null {
  if (failure.code !== 'CART_PROBLEMS') return null;
  const problems = (failure.data as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as OrderLineProblem[]) : [];
}

/** Why the last Place order was refused; each is shown from the cart as it is now (issue 13 §2). */
type Refusal =
  | { kind: 'minimum' }
  /** CART_PROBLEMS: the server's lines, shown until the cart they were found in changes. */
  | { kind: 'problems'; cart: CartSummary; problems: OrderLineProblem[] }
  | { kind: 'other'; message: string };

type LineProblem = Pick<CartProblem, 'code' | 'message' | 'fix' | 'fixQuantity'>;

/** The problems of each line: the cart answer's, or the refused Place order's while that cart is shown. */
function problemsByLine(cart: CartSummary, refusal: Refusal | null): Map<string, LineProblem[]> {
  const byLine = new Map<string, LineProblem[]>();
  if (refusal?.kind === 'problems' && refusal.cart === cart) {
    for (const p of refusal.problems) byLine.set(p.productId, [...(byLine.get(p.productId) ?? []), p]);
    return byLine;
  }
  for (const item of cart.finalCartItems) if (item.problems.length) byLine.set(item.Product.id, item.problems);
  return byLine;
}

function CartContents({ cart, onPlaced }: { cart: CartSummary; onPlaced: (o: PlacedOrder) => void }) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const problems = problemsByLine(cart, refusal);
  return (
    <div className="cart-grid">
      <ul aria-label="Cart items" className="cart-paper cart-lines">
        {cart.finalCartItems.map((item, i) => (
          <li key={item.Product.id} aria-label={item.Description}>
            {i > 0 && <hr className="pc-divider" />}
            <CartLine item={item} problems={problems.get(item.Product.id) ?? []} />
          </li>
        ))}
      </ul>
      <CartSummaryPanel cart={cart} problems={problems} refusal={refusal} onRefused={setRefusal} onPlaced={onPlaced} />
    </div>
  );
}

/** The one-click fix of a line's problem: reduce to what can be ordered, or remove. */
function FixButton({ item, problem }: { item: CartItem; problem: LineProblem }) {
  const [update, updating] = useUpdateCartItemMutation();
  const [remove, removing] = useRemoveCartItemMutation();
  const busy = updating.isLoading || removing.isLoading;
  if (problem.fix === 'reduce' && problem.fixQuantity != null && problem.fixQuantity > 0) {
    const n = problem.fixQuantity;
    return (
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={busy}
        onClick={() => void update({ productId: item.Product.id, quantity: n })}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Reduce to {n}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      disabled={busy}
      onClick={() => void remove({ productId: item.Product.id })}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Remove
    </Button>
  );
}

function CartLine({ item, problems }: { item: CartItem; problems: LineProblem[] }) {
  const [remove, { isLoading }] = useRemoveCartItemMutation();
  const marked = problems.length > 0;
  // One fix per line: removal wins over reducing; the smallest reduction satisfies every limit at once.
  const fix =
    problems.find((p) => p.fix === 'remove') ??
    [...problems].sort((a, b) => (a.fixQuantity ?? 0) - (b.fixQuantity ?? 0))[0] ??
    null;
  const cannotAddMore =
    item.stockLabel === 'Out of Stock' || problems.some((p) => p.code === 'INSUFFICIENT_STOCK' || p.code === 'OUT_OF_STOCK');
  return (
    <div className={marked ? 'cart-line cart-line--marked' : 'cart-line'} data-marked={marked ? 'true' : undefined}>
      <ProductThumb src={item.image} alt={item.Description} size={64} />
      <div className="cart-line__body">
        <div className="cart-line__top">
          <div className="cart-line__text">
            <p className="cart-body2 cart-line__name">{item.Description}</p>
            <div className="cart-caption cart-muted">
              #{item.itemNumber}
              {item.upc ? ` · UPC ${item.upc}` : ''} · Pack {item.pack} {item.uom}
            </div>
            <div className="cart-line__prices" aria-label={`Unit price ${item.Description}`}>
              <span className="cart-caption cart-muted">{money(item.price)} each</span>
              {item.listPrice != null && (
                <>
                  <ListPriceText listPrice={item.listPrice} price={item.price} />
                  <DiscountChip percent={item.discountPercent} />
                </>
              )}
              <span className="cart-caption cart-muted">
                · {money(item.priceWithTax)} with tax
                {item.crv > 0 ? ` · CRV ${money(item.crv)}` : ''}
                {item.stockLabel === 'Back-order' ? ' · Back-order' : ''}
              </span>
            </div>
          </div>
          <button
            type="button"
            className="ui-iconbtn ui-iconbtn--small"
            aria-label={`Remove ${item.Description}`}
            disabled={isLoading}
            onClick={() => void remove({ productId: item.Product.id })}
          >
            <SvgIcon icon={deleteIcon} small />
          </button>
        </div>
        {marked && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}
            data-testid="line-problem"
          >
            <ErrorOutlineIcon color="error" fontSize="small" aria-hidden />
            <Typography variant="body2" color="error" sx={{ flex: 1, minWidth: 120, fontWeight: 500 }}>
              {problems.map((p) => p.message).join(' ')}
            </Typography>
            {fix && <FixButton item={item} problem={fix} />}
          </Stack>
        )}
        <div className="cart-line__bottom">
          <QuantityControl
            size="small"
            keepStepper
            showLimit
            label={item.Description}
            product={{
              productId: item.Product.id,
              itemNumber: item.itemNumber,
              hasProductLimit: item.hasProductLimit,
              productLimit: item.productLimit,
              allowToOrder: true,
              outOfStock: cannotAddMore,
            }}
          />
          {item.allowToOrder ? (
            <p className="cart-line__total" aria-label={`Line total ${item.Description}`}>
              ${item.Product.TotalPrice}
            </p>
          ) : (
            // Not orderable: the server leaves it out of every total, and the line says so.
            <div className="cart-line__left-out" aria-label={`Line total ${item.Description}`}>
              <p className="cart-body2 cart-muted cart-struck">${item.Product.TotalPrice}</p>
              <span className="cart-caption cart-error">{NOT_IN_TOTAL}</span>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const text = strong ? 'cart-subtitle1 cart-strong' : 'cart-body2';
  return (
    <div className="cart-row">
      <p className={text}>{label}</p>
      <p className={strong ? text : `${text} cart-medium`}>{value}</p>
    </div>
  );
}

function CartSummaryPanel({
  cart,
  problems,
  refusal,
  onRefused,
  onPlaced,
}: {
  cart: CartSummary;
  problems: Map<string, LineProblem[]>;
  refusal: Refusal | null;
  onRefused: (r: Refusal | null) => void;
  onPlaced: (o: PlacedOrder) => void;
}) {
  const delivery = useGetDeliveryChargeQuery();
  const credit = useGetCreditStatusQuery({ cartTotal: cart.grandTotal });
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  const { refetch: refetchCart } = useGetCartItemsQuery();
  const [showNotes, setShowNotes] = useState(false);
  const [poNumber, setPoNumber] = useState('');
  const [notes, setNotes] = useState('');
  // One key per attempt, kept after a lost answer so that trying again replays instead of ordering twice.
  const attemptKey = useRef<string | null>(null);

  const freeOver = delivery.data?.freeOver ?? null;
  const toFree = freeOver != null && cart.deliveryCharge > 0 ? freeOver - cart.totalAmount : 0;
  // Derived from the cart on screen, so they update or vanish as soon as the cart changes.
  const beforeOrder = beforeOrderMessage({
    items: cart.finalCartItems,
    totalAmount: cart.totalAmount,
    userLimitMinOrderAmount: cart.userLimitMinOrderAmount,
  });
  const minimumAlert = refusal?.kind === 'minimum' ? beforeOrder : null;
  const otherAlert = refusal?.kind === 'other' ? refusal.message : null;
  const byId = new Map(cart.finalCartItems.map((i) => [i.Product.id, i]));
  const leftOut = cart.finalCartItems.filter((i) => !i.allowToOrder).length;

  const submit = async () => {
    // The inline alerts say why; no toast repeats them (issue 13 §2).
    if (beforeOrder && problems.size === 0) {
      onRefused({ kind: 'minimum' });
      return;
    }
    onRefused(null);
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
    const failure = callFailure(result.error, PLACE_ORDER_FAILED);
    // The server answered a definite no: the next attempt is a new one.
    if (failure.status != null && failure.status >= 400 && failure.status < 500) attemptKey.current = null;
    const lines = placeOrderProblems(failure);
    if (lines) {
      onRefused({ kind: 'problems', cart, problems: lines });
      // The cart answer carries the same checks: fetch it so the marks follow the fixes.
      void refetchCart();
      return;
    }
    onRefused(failure.message === beforeOrder ? { kind: 'minimum' } : { kind: 'other', message: failure.message });
  };

  return (
    <div className="cart-paper cart-summary" aria-label="Order summary">
      <h2 className="cart-subtitle1 cart-summary__title">Order summary</h2>
      <Row label={`Subtotal (${linesAndUnits(cart.count - leftOut, cart.totalItems)})`} value={money(cart.totalAmount)} />
      <Row label="Tax" value={money(cart.totalTax)} />
      <Row label="Total with tax" value={money(cart.totalAmountWithTax)} />
      <Row label="CRV" value={money(cart.totalCrv)} />
      <Row label="Delivery charge" value={cart.deliveryCharge > 0 ? money(cart.deliveryCharge) : 'Free'} />
      <hr className="pc-divider cart-summary__divider" />
      <Row label="Order total" value={money(cart.grandTotal)} strong />
      <DeliveryDateLine className="cart-caption cart-muted cart-note" />
      {leftOut > 0 && <div className="cart-caption cart-error cart-note">{leftOutMessage(leftOut)}</div>}
      {cart.userLimitMinOrderAmount != null && cart.userLimitMinOrderAmount > 0 && (
        <div className="cart-caption cart-muted cart-note">
          Minimum order amount {money(cart.userLimitMinOrderAmount)} (before tax, CRV and delivery)
        </div>
      )}
      {toFree > 0 && <div className="cart-caption cart-success">Add {money(toFree)} more for free delivery</div>}
      {credit.data && (
        <>
          <hr className="pc-divider cart-summary__divider" />
          <CreditSummary status={credit.data} />
        </>
      )}
      <button type="button" className="ui-btn ui-btn--text ui-btn--small cart-notes-btn" onClick={() => setShowNotes((v) => !v)}>
        {showNotes ? 'Hide PO number and notes' : 'Add PO number or notes'}
      </button>
      {/* Not mounted while closed: the fields (and the notes field's size measurement) wait for a tap. */}
      <Collapse in={showNotes} unmountOnExit>
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
      {problems.size > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} aria-label="Lines that need attention">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {cartProblemsMessage(problems.size)}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.25 }}>
            {[...problems].map(([id, list]) => (
              <Typography component="li" variant="body2" key={id}>
                {byId.get(id)?.Description ?? id}: {list.map((p) => p.message).join(' ')}
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
      {minimumAlert && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {minimumAlert}
        </Alert>
      )}
      {otherAlert && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {otherAlert}
        </Alert>
      )}
      <button
        type="button"
        className="ui-btn ui-btn--contained ui-btn--large ui-btn--full cart-place"
        disabled={isLoading}
        onClick={() => void submit()}
      >
        {isLoading ? 'Placing order…' : 'Place order'}
      </button>
    </div>
  );
}

function OrderPlacedDialog({ order, onClose }: { order: PlacedOrder | null; onClose: () => void }) {
  const areaPath = useAreaPath();
  const held = order?.status === 'on_hold';
  return (
    <Dialog open={order != null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        {held ? (
          <PauseCircleOutlineIcon color="warning" sx={{ fontSize: 64 }} />
        ) : (
          <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />
        )}
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
          {held ? ORDER_HELD_TITLE : 'Order placed'}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Your order number is
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 1, my: 1 }} data-testid="order-number">
          {order?.orderNumber}
        </Typography>
        {order && (
          <Typography variant="body2" color="textSecondary">
            {linesAndUnits(order.itemCount, order.totalQuantity)} · {money(order.total)}
          </Typography>
        )}
        {order && held && (
          <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }} data-testid="order-held">
            {CREDIT_MESSAGES.held(order.orderNumber)}
          </Alert>
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
