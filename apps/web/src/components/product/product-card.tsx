// A product as a card (grid and dashboard shelves) or as a row (the phone list), each with the
// quick quantity stepper. Tapping the image or name opens the details dialog.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { QuantityControl } from './quantity-control';
import { packLine, PriceText, ProductBadges, StockChip } from './product-bits';
import type { DisplayedProduct } from './product-display';
import { ProductThumb } from './product-thumb';

const clamp2 = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

function ProductCardView({ product, onOpen }: { product: DisplayedProduct; onOpen: (p: DisplayedProduct) => void }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.25, height: '100%', display: 'flex', flexDirection: 'column', gap: 0.75 }}
      data-testid="product-card"
    >
      <ButtonBase
        onClick={() => onOpen(product)}
        sx={{ display: 'block', textAlign: 'left', borderRadius: 1 }}
        aria-label={`Details of ${product.name}`}
      >
        <Box sx={{ position: 'relative' }}>
          <ProductThumb src={product.image} alt="" size="100%" height={120} />
          <Box sx={{ position: 'absolute', top: 4, left: 4 }}>
            <ProductBadges product={product} />
          </Box>
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.75, lineHeight: 1.3, minHeight: '2.6em', ...clamp2 }}>
          {product.name}
        </Typography>
      </ButtonBase>
      <Typography variant="caption" color="text.secondary" noWrap>
        {packLine(product)}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 0.5, flexWrap: 'wrap' }}>
        <PriceText product={product} size="small" />
        <StockChip product={product} />
      </Stack>
      <Box sx={{ mt: 'auto' }}>
        <QuantityControl product={product} size="small" fullWidth showLimit label={product.name} />
      </Box>
    </Paper>
  );
}

function ProductRowView({ product, onOpen }: { product: DisplayedProduct; onOpen: (p: DisplayedProduct) => void }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ p: 1.25, alignItems: 'flex-start' }} data-testid="product-row">
      <ButtonBase onClick={() => onOpen(product)} sx={{ borderRadius: 1 }} aria-label={`Details of ${product.name}`}>
        <ProductThumb src={product.image} alt="" size={72} />
      </ButtonBase>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ButtonBase onClick={() => onOpen(product)} sx={{ display: 'block', textAlign: 'left', width: '100%' }} tabIndex={-1}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3, ...clamp2 }}>
            {product.name}
          </Typography>
        </ButtonBase>
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {packLine(product)}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25, flexWrap: 'wrap', gap: 0.5 }}>
          <StockChip product={product} />
          <ProductBadges product={product} />
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.75, gap: 1 }}>
          <PriceText product={product} size="small" />
          <QuantityControl product={product} size="small" showLimit label={product.name} />
        </Stack>
      </Box>
    </Stack>
  );
}

// Memoised: the virtual list re-renders on every scroll step, the products on screen need not.
export const ProductCard = memo(ProductCardView);
export const ProductRow = memo(ProductRowView);
