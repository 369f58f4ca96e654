// A product as a card (grid and dashboard shelves) or as a row (the phone list), each with the
// quick quantity stepper. Tapping the image or name opens the details dialog. Plain elements styled by
// product.css: the order screen renders dozens of these at once.
import { memo } from 'react';
import { QuantityControl } from './quantity-control';
import { packLine, PriceText, ProductBadges, StockChip } from './product-bits';
import type { DisplayedProduct } from './product-display';
import { ProductThumb } from './product-thumb';
import './product.css';

function ProductCardView({ product, onOpen }: { product: DisplayedProduct; onOpen: (p: DisplayedProduct) => void }) {
  return (
    <div className="pc-paper pc-card" data-testid="product-card">
      <button
        type="button"
        className="pc-tap pc-tap--block"
        onClick={() => onOpen(product)}
        aria-label={`Details of ${product.name}`}
      >
        <div className="pc-card__media">
          <ProductThumb src={product.image} alt="" size="100%" height={120} />
          <div className="pc-card__badges">
            <ProductBadges product={product} />
          </div>
        </div>
        <p className="pc-body2 pc-name pc-card__name">{product.name}</p>
      </button>
      <span className="pc-caption pc-nowrap">{packLine(product)}</span>
      <div className="pc-line pc-line--spread">
        <PriceText product={product} size="small" />
        <StockChip product={product} />
      </div>
      <div className="pc-card__foot">
        <QuantityControl product={product} size="small" fullWidth showLimit label={product.name} />
      </div>
    </div>
  );
}

function ProductRowView({ product, onOpen }: { product: DisplayedProduct; onOpen: (p: DisplayedProduct) => void }) {
  return (
    <div className="pc-row" data-testid="product-row">
      <button type="button" className="pc-tap" onClick={() => onOpen(product)} aria-label={`Details of ${product.name}`}>
        <ProductThumb src={product.image} alt="" size={72} />
      </button>
      <div className="pc-row__main">
        <button type="button" className="pc-tap pc-tap--block" onClick={() => onOpen(product)} tabIndex={-1}>
          <p className="pc-body2 pc-name">{product.name}</p>
        </button>
        <div className="pc-caption pc-nowrap">{packLine(product)}</div>
        <div className="pc-line pc-row__chips">
          <StockChip product={product} />
          <ProductBadges product={product} />
        </div>
        <div className="pc-line pc-line--spread pc-row__buy">
          <PriceText product={product} size="small" />
          <QuantityControl product={product} size="small" showLimit label={product.name} />
        </div>
      </div>
    </div>
  );
}

// Memoised: the virtual list re-renders on every scroll step, the products on screen need not.
export const ProductCard = memo(ProductCardView);
export const ProductRow = memo(ProductRowView);
