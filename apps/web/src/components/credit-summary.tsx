// The store's credit position (issue 18 §1): balance, exposure and credit limit, and the warning when
// this order takes it over the limit (policy warn: it can still be placed; hold: it will wait for review).
// Shown in the cart (retailer and rep) and on the account page. Plain elements (credit-summary.css, MUI's
// body2 and caption look): the cart paints without MUI. The warning is MUI's Alert, loaded when shown.
import type { CreditStatus } from '@portal/shared/credit/credit.schemas';
import { lazy, Suspense } from 'react';
import { money } from '../lib/format';
import { loadChunk } from '../lib/lazy-page';
import './credit-summary.css';

const CreditWarning = lazy(() => loadChunk(() => import('./credit-warning')).then((m) => ({ default: m.CreditWarning })));

export const CREDIT_LABELS = {
  title: 'Credit',
  balance: 'Balance',
  openOrders: 'Orders not yet invoiced',
  cart: 'This cart',
  exposure: 'Exposure',
  limit: 'Credit limit',
  noLimit: 'None',
  over: 'Over your credit limit',
} as const;

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className="cs-line">
      <p className={strong ? 'cs-text cs-label cs-label--strong' : 'cs-text cs-label'}>{label}</p>
      <p className={strong ? 'cs-text cs-value cs-value--strong' : 'cs-text cs-value'} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/**
 * `account`: on the account page, under the balance it already shows: no balance line, the cart's line only
 * while something is in it, and "Over your credit limit" instead of the checkout warning.
 */
export function CreditSummary({ status, account = false }: { status: CreditStatus; account?: boolean }) {
  const withCart = !account;
  const message = account ? null : status.message;
  return (
    <section aria-label="Credit">
      {!account && <Line label={CREDIT_LABELS.balance} value={money(status.balance)} testId="credit-balance" />}
      {status.openOrders !== 0 && <Line label={CREDIT_LABELS.openOrders} value={money(status.openOrders)} />}
      {(withCart || status.cart !== 0) && <Line label={CREDIT_LABELS.cart} value={money(status.cart)} />}
      <Line label={CREDIT_LABELS.exposure} value={money(status.exposure)} strong testId="credit-exposure" />
      <Line
        label={CREDIT_LABELS.limit}
        value={status.limit == null ? CREDIT_LABELS.noLimit : money(status.limit)}
        testId="credit-limit"
      />
      {status.over && !message && <p className="cs-over">{CREDIT_LABELS.over}</p>}
      {message && (
        <Suspense fallback={null}>
          <CreditWarning message={message} hold={status.action === 'hold'} />
        </Suspense>
      )}
    </section>
  );
}
