// The header cart icon (spec §2 Header): the line count, 99+ above 99; not shown to distributors.
// Opening the cart first runs the cart-open check of spec §4 on the cart in the store.
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { cartBadgeText } from '@portal/shared/cart/cart-rules';
import { useSelector } from 'react-redux';
import { useGetCartItemsQuery } from './cart.api';
import { useOpenCart } from '../../lib/use-open-cart';
import { useCart } from './cart-hooks';

const selectRole = (s: { auth: { role: string | null; token?: string | null } }) => s.auth.role;

// A sales rep's cart is the selected customer's (features/sales/sales-binding.ts).
const selectHasCustomer = (s: { auth: { selectedCustomer?: { id?: string } | null } }) => Boolean(s.auth.selectedCustomer?.id);

export function CartIcon() {
  const role = useSelector(selectRole) ?? 'retailer';
  const hasCustomer = useSelector(selectHasCustomer);
  if (role === 'distributor') return null;
  return (
    <RetailerCartIcon
      cartPath={role === 'sales' ? '/sales/cart' : '/retailer/cart'}
      fetchCart={role === 'retailer' || hasCustomer}
    />
  );
}

function RetailerCartIcon({ cartPath, fetchCart }: { cartPath: string; fetchCart: boolean }) {
  // Keeps the count fresh; the answer lands in the cart slice.
  useGetCartItemsQuery(undefined, { skip: !fetchCart });
  const cart = useCart();
  const open = useOpenCart(cartPath);
  const text = cartBadgeText(cart.count);
  return (
    <Tooltip title="Cart">
      <IconButton color="inherit" onClick={open} aria-label={`Cart, ${text} ${cart.count === 1 ? 'item' : 'items'}`}>
        <Badge badgeContent={text} color="error" invisible={cart.count === 0}>
          <ShoppingCartOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
