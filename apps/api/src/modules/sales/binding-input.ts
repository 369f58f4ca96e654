// Reads a sales request's customer binding (x-customer-id, x-customer-number, the path's {customerId}) for
// the binding rules in sales.service.ts; shared by both sales routes files so neither imports the other.
import type { FastifyRequest } from 'fastify';
import { CUSTOMER_ID_HEADER, CUSTOMER_NUMBER_HEADER } from '@portal/shared/sales/sales.schemas';
import type { CustomerBindingInput } from './sales.service.ts';

/** The binding headers of a request, plus the path's {customerId} when it has one. */
export function bindingInput(request: FastifyRequest, pathCustomerId?: string): CustomerBindingInput {
  const header = (name: string) => {
    const v = request.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return { headerCustomerId: header(CUSTOMER_ID_HEADER), headerCustomerNumber: header(CUSTOMER_NUMBER_HEADER), pathCustomerId };
}
