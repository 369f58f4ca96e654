// /retailer/cart (spec §2, §4, §5): lines with steppers and removal, clear, totals with and without
// tax, CRV and delivery charge, the before-ordering checks with their exact messages, and placing
// the order with a confirmation showing its number; the store's balance, exposure and credit limit, with
// the warning when the order goes over it (placed on hold under policy hold: the confirmation says so).
import type { CartItem, CartSummary, OrderLineProblem } from '@portal/shared/cart/cart.schemas';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
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
  useGetCartItemsQuery,
  useGetDeliveryChargeQuery,
  usePlaceOrderMutation,
  useRemoveCartItemMutation,
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
import { loadChunk } from '../../lib/lazy-page';
import type { LineProblem } from './cart-parts';

// The cart's MUI parts, loaded the first time one shows (cart-parts.tsx).
const loadParts = () => loadChunk(() => import('./cart-parts'));
const ClearCartDialog = lazy(() => loadParts().then((m) => ({ default: m.ClearCartDialog })));
const OrderPlacedDialog = lazy(() => loadParts().then((m) => ({ default: m.OrderPlacedDialog })));
const LineProblemNote = lazy(() => loadParts().then((m) => ({ default: m.LineProblemNote })));
const NotesFields = lazy(() => loadParts().then((m) => ({ default: m.NotesFields })));
const SummaryAlerts = lazy(() => loadParts().then((m) => ({ default: m.SummaryAlerts })));

export const PLACE_ORDER_FAILED = 'Failed to place order';
export const NOT_IN_TOTAL = 'Not in total';

/** Under the totals while lines that can no longer be ordered are in the cart (left out of every total). */
export function leftOutMessage(lines: number): string {
  return lines === 1
    ? '1 item no longer available to order is not included in the totals.'
    : `${lines} items no longer available to order are not included in the totals.`;
}

export function CartPage() {
  const areaPath = useAreaPath();
  const { data, isLoading, isError, error, refetch } = useGetCartItemsQuery();
  const [placed, setPlacedState] = useState<PlacedOrder | null>(null);
  // The confirmation is mounted from the first order on, so closing keeps its exit transition.
  const [placedOnce, setPlacedOnce] = useState(false);
  const setPlaced = useCallback((order: PlacedOrder | null) => {
    if (order) setPlacedOnce(true);
    setPlacedState(order);
  }, []);

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
    // The page, its lines and the summary are plain elements (cart.css): the cart loads no MUI before
    // it shows. Alerts, dialogs, a line's problem and the notes fields are MUI (cart-parts.tsx), loaded
    // the first time one shows.
    <div className="cart-page">
      <div className="cart-head">
        <h1 className="cart-title">Cart</h1>
        {data && data.finalCartItems.length > 0 && <ClearCartButton />}
      </div>
      {body}
      {placedOnce && (
        <Suspense fallback={null}>
          <OrderPlacedDialog order={placed} onClose={() => setPlaced(null)} />
        </Suspense>
      )}
    </div>
  );
}

function ClearCartButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so closing keeps the dialog's exit transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ui-btn ui-btn--text cart-danger"
        onPointerEnter={() => void loadParts()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span className="cart-btn-icon">
          <SvgIcon icon={deleteIcon} />
        </span>
        Clear cart
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ClearCartDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
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
          <Suspense fallback={null}>
            <LineProblemNote item={item} problems={problems} fix={fix} />
          </Suspense>
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
  const [notesOpened, setNotesOpened] = useState(false);
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
      <button
        type="button"
        className="ui-btn ui-btn--text ui-btn--small cart-notes-btn"
        onClick={() => {
          setNotesOpened(true);
          setShowNotes((v) => !v);
        }}
      >
        {showNotes ? 'Hide PO number and notes' : 'Add PO number or notes'}
      </button>
      {/* Loaded and mounted from the first tap: the fields wait for it. */}
      {notesOpened && (
        <Suspense fallback={null}>
          <NotesFields open={showNotes} poNumber={poNumber} notes={notes} onPoNumber={setPoNumber} onNotes={setNotes} />
        </Suspense>
      )}
      {(problems.size > 0 || minimumAlert || otherAlert) && (
        <Suspense fallback={null}>
          <SummaryAlerts
            problems={[...problems].map(([id, list]) => ({
              id,
              name: byId.get(id)?.Description ?? id,
              messages: list.map((p) => p.message),
            }))}
            minimum={minimumAlert}
            other={otherAlert}
          />
        </Suspense>
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
