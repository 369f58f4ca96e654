// The header cart icon (spec §2 Header): the line count, 99+ above 99; not shown to distributors.
// Plain elements (components/ui/controls.css). Opening the cart first runs the cart-open check of spec §4 on the cart in the store.
import { cartBadgeText } from '@portal/shared/cart/cart-rules';
import { useSelector } from 'react-redux';
import { useGetCartItemsQuery } from './cart.api';
import { useOpenCart } from '../../lib/use-open-cart';
import { useCart } from './cart-hooks';
import { shoppingCartIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import '../../components/ui/controls.css';

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
    // The tooltip ("Cart") is CSS (components/ui/controls.css), so the button is the same element from the first render on.
    <button
      type="button"
      className="ui-iconbtn ui-iconbtn--inherit ui-tip"
      data-tip="Cart"
      onClick={open}
      aria-label={`Cart, ${text} ${cart.count === 1 ? 'item' : 'items'}`}
    >
      <span className="ui-badge">
        <SvgIcon icon={shoppingCartIcon} />
        <span className={cart.count === 0 ? 'ui-badge__count ui-badge__count--hidden' : 'ui-badge__count'} aria-hidden="true">
          {text}
        </span>
      </span>
    </button>
  );
}
