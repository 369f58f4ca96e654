// The quick quantity stepper on product cards, rows and cart lines: "Add" while the product is not
// in the cart, then − [quantity] +. Large touch targets: it is used on a phone in a stock room.
// Add and + are disabled for a product out of stock, and + at the product's limit (issue 13 §1).
import AddIcon from '@mui/icons-material/Add';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactElement, useState } from 'react';
import { type OrderableProduct, useQuantityEditor } from './quantity-editor';

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
  const h = size === 'small' ? 36 : 40;

  if (!product.allowToOrder) {
    return (
      <Button size={size} disabled variant="outlined" fullWidth={fullWidth} sx={{ minHeight: h, whiteSpace: 'nowrap' }}>
        Not available
      </Button>
    );
  }
  const hint =
    showLimit && limit != null ? (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right', lineHeight: 1.4 }}>
        Max {limit}
      </Typography>
    ) : null;
  const withHint = (control: ReactElement) =>
    hint ? (
      <Stack sx={{ width: fullWidth ? '100%' : 'auto' }}>
        {hint}
        {control}
      </Stack>
    ) : (
      control
    );
  if (quantity === 0 && !keepStepper) {
    return withHint(
      <Button
        size={size}
        variant="contained"
        startIcon={<AddShoppingCartIcon />}
        onClick={() => change(1, true)}
        disabled={product.outOfStock === true || limit === 0}
        fullWidth={fullWidth}
        aria-label={`Add ${label} to cart`}
        sx={{ minHeight: h, whiteSpace: 'nowrap' }}
      >
        Add
      </Button>,
    );
  }
  const atOne = keepStepper && quantity <= 1;
  const noMore = product.outOfStock === true || (limit != null && quantity >= limit);
  return withHint(
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 1,
        height: h,
        width: fullWidth ? '100%' : 'auto',
        justifyContent: 'space-between',
      }}
    >
      <IconButton
        size="small"
        color="primary"
        onClick={() => change(quantity - 1)}
        disabled={atOne}
        aria-label={`Decrease ${label}`}
        sx={{ height: h, width: h, borderRadius: 0 }}
      >
        {quantity <= 1 && !keepStepper ? <DeleteOutlineIcon fontSize="small" /> : <RemoveIcon fontSize="small" />}
      </IconButton>
      <InputBase
        value={shown}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 5);
          setText(digits);
          if (digits !== '' && !(keepStepper && Number(digits) === 0)) change(Number(digits));
        }}
        onBlur={() => setText(null)}
        inputProps={{ inputMode: 'numeric', 'aria-label': `Quantity of ${label}`, style: { textAlign: 'center', padding: 0 } }}
        sx={{ width: 48, fontWeight: 600 }}
      />
      <IconButton
        size="small"
        color="primary"
        onClick={() => change(quantity + 1)}
        disabled={noMore}
        aria-label={`Increase ${label}`}
        sx={{ height: h, width: h, borderRadius: 0 }}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>,
  );
}
