// Small pieces of a product as displayed: price, list price struck, stock label and the new/discount/
// promoted badges. The cart line uses the list price and discount badge too, so both read the same.
// Plain elements styled by product.css (no MUI: these repeat on every row of the order screen).
import { money } from '../../lib/format';
import type { DisplayedProduct } from './product-display';
import './product.css';

export function PriceText({ product, size = 'medium' }: { product: DisplayedProduct; size?: 'small' | 'medium' }) {
  if (product.priceHidden) {
    return <p className="pc-body2 pc-hidden-price">Price not shown</p>;
  }
  return (
    <div className="pc-price">
      <p className={`${size === 'small' ? 'pc-body2' : 'pc-subtitle1'} pc-price__amount`}>{money(product.price)}</p>
      <ListPriceText listPrice={product.listPrice} price={product.price} />
      {product.crvPrice > 0 && <span className="pc-caption">+ CRV {money(product.crvPrice)}</span>}
    </div>
  );
}

/** The price before a promotion, struck through; nothing unless it is above the price paid. */
export function ListPriceText({ listPrice, price }: { listPrice: number | null | undefined; price: number }) {
  if (listPrice == null || listPrice <= price) return null;
  return (
    <span className="pc-caption" style={{ textDecoration: 'line-through' }}>
      {money(listPrice)}
    </span>
  );
}

/** The promotion's badge: "15% off", or "Discount" when the percent is not known. */
export function DiscountChip({ percent }: { percent: number | null | undefined }) {
  return <span className="pc-chip pc-chip--error">{percent ? `${percent}% off` : 'Discount'}</span>;
}

const STOCK_TONE = {
  'In Stock': 'success',
  'Low Stock': 'warning',
  'Out of Stock': 'error',
  'Back-order': 'info',
} as const;

/** The stock label; the on-hand count only beside In Stock / Low Stock (never "· 0" on an empty shelf). */
export function StockChip({ product }: { product: DisplayedProduct }) {
  const counted = product.stockLabel === 'In Stock' || product.stockLabel === 'Low Stock';
  const label = counted && product.stock != null ? `${product.stockLabel} · ${product.stock}` : product.stockLabel;
  const tone = STOCK_TONE[product.stockLabel] ?? 'success';
  return <span className={`pc-chip pc-chip--outlined pc-tone-${tone}`}>{label}</span>;
}

export function ProductBadges({ product }: { product: DisplayedProduct }) {
  return (
    <div className="pc-line">
      {product.isNewItem && <span className="pc-chip pc-chip--info">New</span>}
      {product.isDiscounted && <DiscountChip percent={product.discountPercent} />}
      {product.isPromoted && <span className="pc-chip pc-chip--secondary">Promoted</span>}
    </div>
  );
}

/** "Pack 24 · 12 oz" style summary line. */
export function packLine(p: DisplayedProduct): string {
  const parts = [`#${p.itemNumber}`, `Pack ${p.pack}`];
  if (p.size) parts.push(p.size);
  else if (p.UnitOunces) parts.push(`${p.UnitOunces} oz`);
  return parts.join(' · ');
}
