// /retailer/account (accounts receivable, issue 3 §2): the outstanding balance and the ledger of
// invoices (orders), payments, credits and adjustments, newest first, each with the balance after it.
// Sorted on the server: column headers on wide screens, the Sort by select on phones. Under the balance:
// the exposure and credit limit (issue 18 §1).
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { money, shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { SortableHeadCell, type SortOption, SortSelect } from '../../components/list-controls';
import { DEFAULT_SORTS, type LedgerSortKey, type Sorting } from '@portal/shared/api/sort';
import { ACCOUNT_FAILED, type AccountReceivable, LEDGER_PAGE_SIZE, useGetAccountReceivableQuery } from './account.api';
import { CreditSummary } from '../../components/credit-summary';
import { useGetCreditStatusQuery } from '../credit/credit.api';

type Entry = AccountReceivable['entries'][number];

export const KIND_LABELS: Record<Entry['kind'], string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Credit',
  adjustment: 'Adjustment',
};

const SORT_OPTIONS: readonly SortOption<LedgerSortKey>[] = [
  { sort: 'date', dir: 'desc', label: 'Newest first' },
  { sort: 'date', dir: 'asc', label: 'Oldest first' },
  { sort: 'amount', dir: 'desc', label: 'Largest charge first' },
  { sort: 'amount', dir: 'asc', label: 'Largest payment first' },
  { sort: 'kind', dir: 'asc', label: 'Type: A to Z' },
  { sort: 'reference', dir: 'asc', label: 'Reference: A to Z' },
];

function Reference({ e }: { e: Entry }) {
  const areaPath = useAreaPath();
  if (e.orderNumber)
    return (
      <Link component={RouterLink} to={areaPath(`/retailer/order/details/${encodeURIComponent(e.orderNumber)}`)}>
        Order #{e.orderNumber}
      </Link>
    );
  return <>{e.reference}</>;
}

export function AccountPage() {
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<Sorting<LedgerSortKey>>(DEFAULT_SORTS.ledger);
  const sortBy = (next: Sorting<LedgerSortKey>) => {
    setSorting(next);
    setPage(1); // a new order starts at page 1
  };
  const q = useGetAccountReceivableQuery({ page, sorting });
  // The exposure counts the cart as it is now: asked afresh each visit.
  const credit = useGetCreditStatusQuery({ cartTotal: -1 }, { refetchOnMountOrArgChange: true });
  const head = { sorting, onSort: sortBy };
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));

  let ledger;
  if (q.isLoading) ledger = <ListSkeleton rows={LEDGER_PAGE_SIZE / 2} image={false} label="Loading ledger" />;
  else if (q.isError || !q.data)
    ledger = <ErrorState message={errorMessage(q.error, ACCOUNT_FAILED)} onRetry={() => void q.refetch()} />;
  else if (q.data.entries.length === 0) ledger = <EmptyState title="No invoices or payments yet" />;
  else if (wide)
    ledger = (
      <Paper variant="outlined">
        <Table aria-label="Ledger">
          <TableHead>
            <TableRow>
              <SortableHeadCell sortKey="date" {...head}>
                Date
              </SortableHeadCell>
              <SortableHeadCell sortKey="kind" {...head}>
                Type
              </SortableHeadCell>
              <SortableHeadCell sortKey="reference" {...head}>
                Reference
              </SortableHeadCell>
              <SortableHeadCell sortKey="amount" align="right" {...head}>
                Charge
              </SortableHeadCell>
              <TableCell align="right">Payment / credit</TableCell>
              <TableCell align="right">Balance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.entries.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{shortDate(e.createdAt)}</TableCell>
                <TableCell>{KIND_LABELS[e.kind]}</TableCell>
                <TableCell>
                  <Reference e={e} />
                  {e.note && (
                    <Typography variant="caption" color="textSecondary" component="div">
                      {e.note}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{e.amount > 0 ? money(e.amount) : ''}</TableCell>
                <TableCell align="right" sx={{ color: 'success.main' }}>
                  {e.amount < 0 ? money(-e.amount) : ''}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(e.runningBalance)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    );
  else
    ledger = (
      <Paper variant="outlined" component="ul" aria-label="Ledger" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {q.data.entries.map((e, i) => (
          <Box component="li" key={e.id}>
            {i > 0 && <Divider />}
            <Stack direction="row" sx={{ p: 1.5, gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {KIND_LABELS[e.kind]} · <Reference e={e} />
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {shortDate(e.createdAt)}
                  {e.note ? ` · ${e.note}` : ''}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, color: e.amount < 0 ? 'success.main' : 'text.primary' }}>
                  {e.amount < 0 ? `− ${money(-e.amount)}` : money(e.amount)}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  Balance {money(e.runningBalance)}
                </Typography>
              </Box>
            </Stack>
          </Box>
        ))}
      </Paper>
    );

  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.limit)) : 1;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle title="Account Receivable" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 420 }}>
        <Typography variant="caption" color="textSecondary">
          Outstanding balance
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="account-balance">
          {q.data ? money(q.data.balance) : '—'}
        </Typography>
        {q.data && q.data.openingBalance !== 0 && (
          <Typography variant="caption" color="textSecondary">
            Includes {money(q.data.openingBalance)} carried over before the first entry below
          </Typography>
        )}
        {credit.data && (
          <>
            <Divider sx={{ my: 1.5 }} />
            <CreditSummary status={credit.data} account />
          </>
        )}
      </Paper>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          Invoices and payments
        </Typography>
        {!wide && <SortSelect value={sorting} options={SORT_OPTIONS} onChange={sortBy} />}
      </Stack>
      <Box sx={{ opacity: q.isFetching && !q.isLoading ? 0.6 : 1 }}>{ledger}</Box>
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} color="primary" aria-label="Ledger pages" />
        </Stack>
      )}
    </Box>
  );
}
