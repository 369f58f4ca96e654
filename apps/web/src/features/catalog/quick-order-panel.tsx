// Quick order (issue 3 §2): type or paste item numbers or UPCs with quantities and add them to the
// cart without browsing. Each code is looked up exactly; limits are checked as for any add. The
// result is one line of counts (`97 added · 3 not found`) with the problems in a list shown on demand.
import { lazy, Suspense, useId, useState } from 'react';
import { useStore } from 'react-redux';
import { errorMessage } from '../../lib/api';
import { CART_MESSAGES, useAddToCartMutation } from '../cart/cart.api';
import { productLimitMessageFor } from '../../lib/cart-checks';
import type { CartState } from '../cart/cart.slice';
import { useLazyFindProductsQuery } from './catalog.api';
import { loadChunk } from '../../lib/lazy-page';
import { matchesCode, parseQuickOrder, type QuickOrderOutcome, type QuickOrderProblem } from './quick-order';
import { boltIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import '../../components/ui/ui.css';
import './catalog.css';

// The result (MUI's Alert) shows only after a run: it loads then, with MUI, not with the order screen.
const QuickOrderResult = lazy(() =>
  loadChunk(() => import('./quick-order-result')).then((m) => ({ default: m.QuickOrderResult })),
);

export function QuickOrderPanel() {
  const [text, setText] = useState('');
  const [qty, setQty] = useState('1');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<QuickOrderOutcome | null>(null);
  const [find] = useLazyFindProductsQuery();
  const [add] = useAddToCartMutation();
  const store = useStore<{ cart: CartState }>();
  const id = useId();

  const run = async () => {
    const defaultQty = Math.max(1, Number(qty) || 1);
    const { lines, errors } = parseQuickOrder(text, defaultQty);
    if (lines.length === 0) {
      const texts = errors.length ? errors : ['Enter an item number or UPC'];
      setOutcome({ added: [], problems: texts.map((text) => ({ kind: 'other', text })) });
      return;
    }
    setBusy(true);
    const added: string[] = [];
    const problems: QuickOrderProblem[] = errors.map((text) => ({ kind: 'other', text }));
    // Quantities in the cart as it changes during this run (the add answers carry the whole cart).
    const cart = store.getState().cart;
    const inCart = new Map(cart.items.map((i) => [i.Product.id, i.Product.Qty]));
    let userItemLimitQty = cart.userItemLimitQty;
    for (const line of lines) {
      try {
        const found = await find({ search: line.code, limit: 5 }).unwrap();
        const product = found.finalProductList.find((p) => matchesCode(p, line.code));
        if (!product) {
          problems.push({ kind: 'notFound', text: `No product found for ${line.code}` });
          continue;
        }
        if (!product.allowToOrder) {
          problems.push({
            kind: 'unavailable',
            text: `${product.Item_Number} (${product.Description}) is not available to order`,
          });
          continue;
        }
        const refused = productLimitMessageFor(
          { itemNumber: product.Item_Number, hasProductLimit: product.hasProductLimit, productLimit: product.productLimit },
          (inCart.get(product.id) ?? 0) + line.quantity,
          userItemLimitQty,
        );
        if (refused) {
          problems.push({ kind: 'other', text: refused });
          continue;
        }
        const summary = await add({ productId: product.id, quantity: line.quantity, silent: true }).unwrap();
        for (const i of summary.finalCartItems) inCart.set(i.Product.id, i.Product.Qty);
        userItemLimitQty = summary.userItemLimitQty;
        added.push(`${product.Description} × ${line.quantity}`);
      } catch (err) {
        problems.push({ kind: 'other', text: `${line.code}: ${errorMessage(err, CART_MESSAGES.add)}` });
      }
    }
    setBusy(false);
    setOutcome({ added, problems });
    // The result below says what was added: no toast repeats it.
    if (added.length > 0 && problems.length === 0) setText('');
  };

  return (
    // Plain elements (catalog.css, components/ui/ui.css): the order screen's first commit inserts no
    // Emotion styles for the panel. The result below is MUI, loaded with its first showing.
    <section className="qo-panel" aria-labelledby="quick-order-title">
      <div className="qo-head">
        <SvgIcon icon={boltIcon} small className="qo-bolt" />
        <h2 id="quick-order-title" className="qo-title">
          Quick order
        </h2>
        <span className="qo-hint">Type or paste item numbers or UPCs, one per line, with a quantity after each</span>
      </div>
      <div className="qo-fields">
        <div className={`ui-field ui-field--full ui-field--small qo-code${text ? ' ui-field--filled' : ''}`}>
          <label className="ui-field__label" htmlFor={`${id}-codes`}>
            Item number or UPC
          </label>
          <div className="ui-field__box">
            {/* A plain textarea that CSS sizes to its lines (up to six): nothing measures it. */}
            <textarea
              id={`${id}-codes`}
              className="ui-field__input ui-field__input--multiline ui-field__input--hint"
              placeholder="e.g. 10025 3"
              rows={1}
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !text.includes('\n')) {
                  e.preventDefault();
                  void run();
                }
              }}
            />
          </div>
        </div>
        <div className="qo-controls">
          <div className={`ui-field ui-field--small qo-qty${qty ? ' ui-field--filled' : ''}`}>
            <label className="ui-field__label" htmlFor={`${id}-qty`}>
              Qty
            </label>
            <div className="ui-field__box">
              <input
                id={`${id}-qty`}
                className="ui-field__input"
                placeholder=" "
                inputMode="numeric"
                aria-label="Quick order quantity"
                value={qty}
                onChange={(e) => setQty(e.target.value.replace(/\D/g, '').slice(0, 5))}
              />
            </div>
          </div>
          <button
            type="button"
            className="ui-btn ui-btn--contained qo-add"
            onClick={() => void run()}
            disabled={busy || !text.trim()}
          >
            {busy ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      </div>
      {outcome && (
        <Suspense fallback={null}>
          <QuickOrderResult outcome={outcome} onClose={() => setOutcome(null)} />
        </Suspense>
      )}
    </section>
  );
}
