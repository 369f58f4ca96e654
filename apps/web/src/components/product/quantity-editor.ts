// The contract between the product pieces (components/product/) and the cart: a product that can be
// ordered, and the hook that edits its quantity in the cart. The cart feature implements the hook
// (features/cart/cart-hooks.ts) and app/providers.tsx hands it down, so these shared pieces never
// import a feature (docs/web.md "Boundaries").
import { createContext, useContext } from 'react';

export interface OrderableProduct {
  productId: string;
  itemNumber: string;
  hasProductLimit: boolean;
  productLimit: number | null;
  allowToOrder: boolean;
  /** True when nothing is on hand and back-orders are not allowed: it cannot be added. */
  outOfStock?: boolean;
}

export interface QuantityEditor {
  /** What the buyer sees: the draft being typed or tapped, else the cart's quantity. */
  quantity: number;
  /** The quantity in the cart (0 when absent). */
  inCart: number;
  /** Sets the draft and sends it after a short pause, or at once when `immediate`. */
  change: (next: number, immediate?: boolean) => void;
  busy: boolean;
  /** The limit that applies to this product (its own, else the customer's per-item limit), or null. */
  limit: number | null;
}

export type UseQuantityEditor = (product: OrderableProduct) => QuantityEditor;

export const QuantityEditorContext = createContext<UseQuantityEditor | null>(null);

/** The cart's quantity editor for `product`; the provider is app/providers.tsx. */
export function useQuantityEditor(product: OrderableProduct): QuantityEditor {
  const useEditor = useContext(QuantityEditorContext);
  if (!useEditor) throw new Error('QuantityEditorContext is not provided (app/providers.tsx provides the cart’s)');
  return useEditor(product);
}
