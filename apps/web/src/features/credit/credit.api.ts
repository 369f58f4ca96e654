// GET /retailer/creditStatus (a rep's call goes to /sales/creditStatus/:customerId through the sales
// binding): the store's balance, exposure (balance + undelivered orders + this cart), credit limit and
// policy, with the warning to show (issue 18 §1). The cart and the account page read it.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { CreditStatus } from '@portal/shared/credit/credit.schemas';
import { api } from '../../lib/api';

export type { CreditStatus };

export const creditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `cartTotal` is only the cache key: the cart answers are written straight into its cache (no
     * invalidation), so a new total asks for the exposure again. Placing an order invalidates Account.
     */
    getCreditStatus: build.query<CreditStatus, { cartTotal: number }>({
      query: () => '/retailer/creditStatus',
      transformResponse: (r: SuccessEnvelope<CreditStatus>) => r.data,
      providesTags: ['Account'],
    }),
  }),
});

export const { useGetCreditStatusQuery } = creditApi;
