// GET /retailer/accountReceivable: the balance and the ledger of invoices and payments with a
// running balance (issue 3 §2 account).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { LedgerSortKey, Sorting } from '@portal/shared/api/sort';
import type { accountReceivableResponse } from '@portal/shared/orders/orders.schemas';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type AccountReceivable = z.infer<typeof accountReceivableResponse>;
export const LEDGER_PAGE_SIZE = 20;
export const ACCOUNT_FAILED = 'Failed to fetch account details';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountReceivable: build.query<AccountReceivable, { page: number; sorting?: Sorting<LedgerSortKey> }>({
      query: ({ page, sorting }) => ({
        url: '/retailer/accountReceivable',
        params: { page, limit: LEDGER_PAGE_SIZE, ...(sorting ?? {}) },
      }),
      transformResponse: (r: SuccessEnvelope<AccountReceivable>) => r.data,
      providesTags: ['Account'],
    }),
  }),
});

export const { useGetAccountReceivableQuery } = accountApi;
