// The quick quantity stepper on product cards, rows and cart lines: "Add" while the product is not
// in the cart, then − [quantity] +. Large touch targets: it is used on a phone in a stock room.
// Add and + are disabled for a product out of stock, and + at the product's limit (issue 13 §1).
// Plain elements styled by product.css and ui.css (no MUI: one per product on the order screen); each
// button's hit area reaches 44 px around its drawn 36/40 px.
import { type ReactElement, useState } from 'react';
import { Icon } from '../ui/icons';
import { type OrderableProduct, useQuantityEditor } from './quantity-editor';
import '../ui/ui.css';
import './product.css';

export function QuantityControl({
  product,
  size = 'medium',
  fullWidth = false,
  keepStepper = false,
  showLimit = false,
  label,
}: {
  product: OrderableProduct;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Cart lines keep the stepper at 1 and offer removal instead of going to 0 by a tap. */
  keepStepper?: boolean;
  /** Shows the limit that applies ("Max 3") above the control. */
  showLimit?: boolean;
  /** Names the product for screen readers. */
  label: string;
}) {
  const { quantity, change, limit } = useQuantityEditor(product);
  // What the buyer is typing, while the field has focus; otherwise the quantity.
  const [text, setText] = useState<string | null>(null);
  // A refused or failed change (over the product limit) falls back to the cart's quantity: the typed
  // number gives way to it at once, not only on blur. Empty or 0 stay shown while being typed.
  const shown = text !== null && (Number(text) === 0 || Number(text) === quantity) ? text : String(quantity);
  const sizeClass = size === 'small' ? 'qc--small' : '';

  if (!product.allowToOrder) {
    return (
      <button type="button" disabled className={`ui-btn ui-btn--outlined qc-btn ${sizeClass} ${fullWidth ? 'ui-btn--full' : ''}`}>
        Not available
      </button>
    );
  }
  const hint = showLimit && limit != null ? <span className="pc-caption qc-hint">Max {limit}</span> : null;
  const withHint = (control: ReactElement) =>
    hint ? (
      <div className={fullWidth ? 'qc-with-hint qc-with-hint--full' : 'qc-with-hint'}>
        {hint}
        {control}
      </div>
    ) : (
      control
    );
  if (quantity === 0 && !keepStepper) {
    return withHint(
      <button
        type="button"
        className={`ui-btn ui-btn--contained qc-btn ${sizeClass} ${fullWidth ? 'ui-btn--full' : ''}`}
        onClick={() => change(1, true)}
        disabled={product.outOfStock === true || limit === 0}
        aria-label={`Add ${label} to cart`}
      >
        <span className="qc-btn__icon">
          <Icon name="addShoppingCart" />
        </span>
        Add
      </button>,
    );
  }
  const atOne = keepStepper && quantity <= 1;
  const noMore = product.outOfStock === true || (limit != null && quantity >= limit);
  return withHint(
    <div className={`qc-stepper ${sizeClass} ${fullWidth ? 'qc-stepper--full' : ''}`}>
      <button
        type="button"
        className="qc-step"
        onClick={() => change(quantity - 1)}
        disabled={atOne}
        aria-label={`Decrease ${label}`}
      >
        <Icon name={quantity <= 1 && !keepStepper ? 'deleteOutline' : 'remove'} small />
      </button>
      <input
        className="qc-input"
        value={shown}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 5);
          setText(digits);
          if (digits !== '' && !(keepStepper && Number(digits) === 0)) change(Number(digits));
        }}
        onBlur={() => setText(null)}
        inputMode="numeric"
        aria-label={`Quantity of ${label}`}
      />
      <button
        type="button"
        className="qc-step"
        onClick={() => change(quantity + 1)}
        disabled={noMore}
        aria-label={`Increase ${label}`}
      >
        <Icon name="add" small />
      </button>
    </div>,
  );
}
