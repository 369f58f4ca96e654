// Product details (spec §3 "Product as displayed"): image by the image choice rule, price with tax
// and CRV, quantity-discount tiers, stock label, and the details table (brand, category, sku, weight
// and dimensions shown as a dash, description), with the quantity stepper.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { QuantityControl } from './quantity-control';
import { money } from '../../lib/format';
import { PriceText, ProductBadges, StockChip } from './product-bits';
import { DASH, type DisplayedProduct } from './product-display';
import { ProductThumb } from './product-thumb';
import { withOwnMuiTheme } from '../mui-theme';

function ProductDetailsDialogContent({ product, onClose }: { product: DisplayedProduct | null; onClose: () => void }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <Dialog
      open={product != null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="product-details-title"
    >
      {product && <DetailsBody product={product} onClose={onClose} />}
    </Dialog>
  );
}

function DetailsBody({ product: p, onClose }: { product: DisplayedProduct; onClose: () => void }) {
  const rows: [string, string][] = [
    ['Item number', p.itemNumber],
    ['UPC', p.upcs.length ? p.upcs.join(', ') : DASH],
    ['Pack', String(p.pack)],
    ['Case', String(p.case)],
    ['Size', p.size ?? DASH],
    ['Unit ounces', p.UnitOunces ? String(p.UnitOunces) : DASH],
    ['Brand', p.productDetails.brand],
    ['Category', p.productDetails.category],
    ['SKU', p.productDetails.sku],
    ['Weight', p.productDetails.weight],
    ['Dimensions', p.productDetails.dimensions],
  ];
  return (
    <>
      <DialogTitle id="product-details-title" sx={{ pr: 6, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}>
        {p.name}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '260px 1fr' } }}>
          <ProductThumb src={p.image} alt={p.name} size="100%" height={240} />
          <Stack spacing={1.25}>
            <ProductBadges product={p} />
            <PriceText product={p} />
            {!p.priceHidden && (
              <Typography variant="body2" color="textSecondary">
                {money(p.priceWithTax)} with tax ({p.taxRate}%)
                {p.crvPrice > 0 ? ` · ${money(p.priceWithTax + p.crvPrice)} with tax and CRV` : ''}
              </Typography>
            )}
            {p.qtyDiscount.length > 0 && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Quantity discounts
                </Typography>
                {p.qtyDiscount.map((t) => (
                  <Typography key={t.minQty} variant="body2" color="success">
                    Buy {t.minQty} or more{t.price != null ? `: ${money(t.price)} each` : ''}
                  </Typography>
                ))}
              </Box>
            )}
            <Box>
              <StockChip product={p} />
            </Box>
            <Box sx={{ maxWidth: 260 }}>
              <QuantityControl product={p} fullWidth showLimit label={p.name} />
            </Box>
          </Stack>
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Product details
        </Typography>
        <Table size="small" aria-label="Product details">
          <TableBody>
            {rows.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: 140, pl: 0 }}>
                  {k}
                </TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Description
        </Typography>
        <Typography variant="body2">{p.productDetails.description || DASH}</Typography>
      </DialogContent>
    </>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const ProductDetailsDialog = withOwnMuiTheme(ProductDetailsDialogContent);
