// What the order details screen says when the order number is not the customer's (the API answers
// 404 alike for a missing order and another customer's). A retailer reads about its own account; a
// sales rep about the retailer being served, with the way out: the order may be another retailer's.
export interface ServedCustomer {
  C_CoName?: string | null;
  C_Number?: string | null;
}

export function orderNotFoundHint(orderNumber: string, role: string | null, customer: ServedCustomer | null): string {
  if (role !== 'sales') return `There is no order ${orderNumber} on your account.`;
  const name = customer?.C_CoName?.trim() || (customer?.C_Number ? `customer ${customer.C_Number}` : '');
  if (!name) return `There is no order ${orderNumber} for the selected retailer.`;
  const number = customer?.C_CoName?.trim() && customer.C_Number ? ` (#${customer.C_Number})` : '';
  return `There is no order ${orderNumber} for ${name}${number}. If another retailer placed it, select that retailer first.`;
}
