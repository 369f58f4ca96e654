// The account screen: the customer's balance and its ledger of invoices (orders), payments,
// credits and adjustments, newest first unless another order is asked, each with the balance after it.
// The balance (customers.balance_cents, spec LastBalance) may include amounts carried over from
// the distributor's back office before the first entry: that part is the opening balance.
import { DEFAULT_SORTS, type LedgerSortKey, resolveSorting, type SortDirection } from '@portal/shared/api/sort';
import { centsToDollars } from '@portal/shared/money/money';
import type { DbOrTrx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { BuyerContext } from '../../platform/buyer-context.ts';
import { customerBalanceCents, entriesForExportPage, ledgerSums, listLedgerEntries } from './receivables.repository.ts';

export async function accountReceivable(
  db: DbOrTrx,
  buyer: BuyerContext,
  q: { page: number; limit: number; sort?: LedgerSortKey; dir?: SortDirection },
) {
  const balance = await customerBalanceCents(db, buyer.customerId);
  if (balance == null) throw notFound('Customer not found');
  const offset = (q.page - 1) * q.limit;
  const sums = await ledgerSums(db, buyer.customerId);
  const sorting = resolveSorting<LedgerSortKey>(DEFAULT_SORTS.ledger, q.sort, q.dir);
  const rows = offset < sums.count ? await listLedgerEntries(db, buyer.customerId, sorting, offset, q.limit) : [];
  const entries = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reference: r.reference,
    orderNumber: r.order_number ?? null,
    amount: centsToDollars(r.amount_cents),
    // The balance right after this entry: today's balance less what was recorded after it.
    runningBalance: centsToDollars(balance - r.newer_cents),
    note: r.note,
    createdAt: r.created_at,
  }));
  return {
    balance: centsToDollars(balance),
    openingBalance: centsToDollars(balance - sums.totalCents),
    entries,
    total: sums.count,
    page: q.page,
    limit: q.limit,
  };
}

// The dashboard's receivables figures (modules/dashboard): see receivable-stats.repository.ts.
export { owedNowAndAt } from './receivable-stats.repository.ts';
export { pastDueNow } from './ledger.service.ts';

/**
 * A page of the distributor's payments recorded in [from, before), for the accounting export (back office).
 * A payment is stored as a negative ledger amount; the export shows the amount paid (positive).
 */
export async function paymentsForExport(
  db: DbOrTrx,
  q: { distributorId: string; from: string; before: string; after: { createdAt: string; id: string } | null; limit: number },
) {
  const rows = await entriesForExportPage(db, { ...q, kind: 'payment' });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    reference: r.reference,
    amountCents: -Number(r.amount_cents),
    note: r.note,
    customerNumber: r.c_number,
    customerName: r.company_name,
  }));
}
