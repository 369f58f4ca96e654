// Opening the cart (spec §4 "Cart-open check"): the cart icon, order details and other screens go to
// the cart only when it may be opened. Reads the cart summary in the store by its shape, so it needs
// no feature's slice.
import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { beforeOrderMessage, type CartTotals } from './cart-checks';
import { notify } from './notify';

/**
 * Goes to the cart after the cart-open check of spec §4 (items and minimum order amount, with the
 * spec §5 messages) on the cart in the store; a refusal toasts its message and stays.
 */
export function useOpenCart(cartPath = '/retailer/cart'): () => void {
  const cart = useSelector((s: { cart: CartTotals }) => s.cart);
  const navigate = useNavigate();
  return useCallback(() => {
    const refused = beforeOrderMessage(cart);
    if (refused) notify.error(refused);
    else void navigate(cartPath);
  }, [cart, navigate, cartPath]);
}
