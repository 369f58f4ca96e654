// Small pieces of a product as displayed: price, list price struck, stock label and the new/discount/
// promoted badges. The cart line uses the list price and discount badge too, so both read the same.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { money } from '../../lib/format';
import type { DisplayedProduct } from './product-display';

export function PriceText({ product, size = 'medium' }: { product: DisplayedProduct; size?: 'small' | 'medium' }) {
  if (product.priceHidden) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        Price not shown
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Typography variant={size === 'small' ? 'body2' : 'subtitle1'} sx={{ fontWeight: 700 }}>
        {money(product.price)}
      </Typography>
      <ListPriceText listPrice={product.listPrice} price={product.price} />
      {product.crvPrice > 0 && (
        <Typography variant="caption" color="text.secondary">
          + CRV {money(product.crvPrice)}
        </Typography>
      )}
    </Stack>
  );
}

/** The price before a promotion, struck through; nothing unless it is above the price paid. */
export function ListPriceText({ listPrice, price }: { listPrice: number | null | undefined; price: number }) {
  if (listPrice == null || listPrice <= price) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
      {money(listPrice)}
    </Typography>
  );
}

/** The promotion's badge: "15% off", or "Discount" when the percent is not known. */
export function DiscountChip({ percent }: { percent: number | null | undefined }) {
  return <Chip size="small" color="error" label={percent ? `${percent}% off` : 'Discount'} sx={{ height: 20, fontSize: 11 }} />;
}

const STOCK_COLOR = {
  'In Stock': 'success',
  'Low Stock': 'warning',
  'Out of Stock': 'error',
  'Back-order': 'info',
} as const;

/** The stock label; the on-hand count only beside In Stock / Low Stock (never "· 0" on an empty shelf). */
export function StockChip({ product }: { product: DisplayedProduct }) {
  const counted = product.stockLabel === 'In Stock' || product.stockLabel === 'Low Stock';
  const label = counted && product.stock != null ? `${product.stockLabel} · ${product.stock}` : product.stockLabel;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STOCK_COLOR[product.stockLabel] ?? 'success'}
      label={label}
      sx={{ height: 22, fontSize: 11 }}
    />
  );
}

export function ProductBadges({ product }: { product: DisplayedProduct }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {product.isNewItem && <Chip size="small" color="info" label="New" sx={{ height: 20, fontSize: 11 }} />}
      {product.isDiscounted && <DiscountChip percent={product.discountPercent} />}
      {product.isPromoted && <Chip size="small" color="secondary" label="Promoted" sx={{ height: 20, fontSize: 11 }} />}
    </Stack>
  );
}

/** "Pack 24 · 12 oz" style summary line. */
export function packLine(p: DisplayedProduct): string {
  const parts = [`#${p.itemNumber}`, `Pack ${p.pack}`];
  if (p.size) parts.push(p.size);
  else if (p.UnitOunces) parts.push(`${p.UnitOunces} oz`);
  return parts.join(' · ');
}
