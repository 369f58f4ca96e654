// Small pieces of a product as displayed: price, stock label and the new/discount/promoted badges.
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
      {product.listPrice != null && product.listPrice > product.price && (
        <Typography variant="caption" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
          {money(product.listPrice)}
        </Typography>
      )}
      {product.crvPrice > 0 && (
        <Typography variant="caption" color="text.secondary">
          + CRV {money(product.crvPrice)}
        </Typography>
      )}
    </Stack>
  );
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
      {product.isDiscounted && (
        <Chip
          size="small"
          color="error"
          label={product.discountPercent ? `${product.discountPercent}% off` : 'Discount'}
          sx={{ height: 20, fontSize: 11 }}
        />
      )}
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
