// A store's ledger beside the ageing list: its balance and ageing, every entry (invoices with their due
// date and what is still open, payments, credits, adjustments) with the balance after it, and the
// actions the role's grant allows: Record payment, Add credit or adjustment (add); Statement PDF, Send
// statement, Send reminder (export).
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { firstDirection, type LedgerSortKey } from '@portal/shared/api/sort';
import { formatMoney } from '@portal/shared/money/money';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS, pastDueCents } from '@portal/shared/receivables/ageing';
import { PAYMENT_METHOD_LABELS, type LedgerEntry } from '@portal/shared/receivables/receivables.schemas';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { useModuleGrant } from '../../lib/permissions';
import { notify } from '../../lib/notify';
import { AdjustmentDialog, PaymentDialog } from './entry-dialogs';
import { DOWNLOAD_FAILED, LEDGER_FAILED, downloadFile, useGetLedgerQuery } from './receivables.api';
import { SendConfirm, type SendTarget } from './send-confirm';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Credit',
  adjustment: 'Adjustment',
};

type Dialog = { kind: 'payment' } | { kind: 'adjustment' } | { kind: 'send'; target: SendTarget } | null;

export function LedgerDrawer({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const grant = useModuleGrant('Account Receivable');
  const [view, setView] = useState<{ page: number; limit: number; sort: LedgerSortKey; dir: 'asc' | 'desc' }>({
    page: 1,
    limit: 25,
    sort: 'date',
    dir: 'desc',
  });
  const q = useGetLedgerQuery({ customerId, ...view });
  const [dialog, setDialog] = useState<Dialog>(null);
  const l = q.data;

  const columns = useMemo<GridColDef<LedgerEntry>[]>(
    () => [
      {
        field: 'date',
        headerName: 'Date',
        width: 110,
        valueGetter: (_v, row) => row.createdAt,
        valueFormatter: (v: string) => shortDate(v),
      },
      { field: 'kind', headerName: 'Type', width: 110, valueFormatter: (v: LedgerEntry['kind']) => KIND_LABELS[v] },
      {
        field: 'reference',
        headerName: 'Reference',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
            <div>{row.method ? `${row.reference} · ${PAYMENT_METHOD_LABELS[row.method]}` : row.reference}</div>
            {row.note ? (
              <Typography variant="caption" color="textSecondary">
                {row.note}
              </Typography>
            ) : null}
          </Box>
        ),
      },
      {
        field: 'dueOn',
        headerName: 'Due',
        width: 130,
        sortable: false,
        renderCell: ({ row }) =>
          row.dueOn ? (
            <span>
              {row.dueOn}
              {row.daysPastDue ? (
                <Typography component="span" variant="caption" color="error" sx={{ display: 'block' }}>
                  {row.daysPastDue} days late
                </Typography>
              ) : null}
            </span>
          ) : (
            ''
          ),
      },
      {
        field: 'amount',
        headerName: 'Amount',
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.amountCents,
        valueFormatter: (v: number) => formatMoney(v),
      },
      {
        field: 'openCents',
        headerName: 'Open',
        type: 'number',
        width: 110,
        sortable: false,
        valueFormatter: (v: number | null) => (v == null ? '' : formatMoney(v)),
      },
      {
        field: 'runningBalanceCents',
        headerName: 'Balance',
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (v: number) => formatMoney(v),
      },
    ],
    [],
  );

  const statementPdf = async () => {
    try {
      await downloadFile(`/admin/receivables/${encodeURIComponent(customerId)}/statement.pdf`, 'statement.pdf');
    } catch (err) {
      notify.error((err as Error).message || DOWNLOAD_FAILED);
    }
  };

  const store = l
    ? { id: l.customer.id, companyName: l.customer.companyName, C_Number: l.customer.C_Number, balanceCents: l.balanceCents }
    : null;
  const send = (kind: SendTarget['kind']) =>
    l && setDialog({ kind: 'send', target: { kind, customerId, companyName: l.customer.companyName } });

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 820 }, p: { xs: 2, sm: 3 } }, 'aria-label': 'Store ledger' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {l ? `${l.customer.companyName} (${l.customer.C_Number})` : 'Ledger'}
          </Typography>
          {l ? (
            <Typography variant="body2" color="textSecondary">
              Net {l.customer.termsDays} · Route {l.customer.routeNumber ?? '-'} · {l.customer.salesRep?.name ?? 'No rep'} ·{' '}
              {l.customer.email ?? 'no e-mail'}
            </Typography>
          ) : null}
        </Box>
        <IconButton aria-label="Close ledger" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>

      {q.isError ? <Alert severity="error">{errorMessage(q.error, LEDGER_FAILED)}</Alert> : null}
      {l ? (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1.5 }} aria-label="Ageing">
            <Chip
              color={l.balanceCents > 0 ? 'primary' : 'default'}
              label={`Balance ${formatMoney(l.balanceCents)}`}
              data-testid="ledger-balance"
            />
            {AGEING_BUCKETS.map((b) => (
              <Chip
                key={b}
                variant="outlined"
                color={b !== 'current' && l.ageing[b] > 0 ? 'error' : 'default'}
                label={`${AGEING_BUCKET_LABELS[b]}: ${formatMoney(l.ageing[b])}`}
              />
            ))}
            {l.ageing.carriedOver ? (
              <Chip variant="outlined" color="warning" label={`Carried over: ${formatMoney(l.ageing.carriedOver)}`} />
            ) : null}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            {grant.add ? (
              <>
                <Button variant="contained" onClick={() => setDialog({ kind: 'payment' })}>
                  Record payment
                </Button>
                <Button variant="outlined" onClick={() => setDialog({ kind: 'adjustment' })}>
                  Add credit or adjustment
                </Button>
              </>
            ) : null}
            {grant.export ? (
              <>
                <Button onClick={() => void statementPdf()}>Statement PDF</Button>
                <Button onClick={() => send('statement')}>Send statement</Button>
                <Button onClick={() => send('reminder')} disabled={pastDueCents(l.ageing) <= 0}>
                  Send reminder
                </Button>
              </>
            ) : null}
          </Stack>
        </>
      ) : null}

      <ServerDataGrid<LedgerEntry, LedgerSortKey>
        label="Ledger entries"
        columns={columns}
        rows={l?.entries ?? []}
        rowCount={l?.total ?? 0}
        loading={q.isFetching}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        autoRowHeight
        onPageChange={(page, limit) => setView((v) => ({ ...v, page, limit }))}
        onSortChange={(sort, dir) => setView((v) => ({ ...v, page: 1, sort, dir: sort === v.sort ? dir : firstDirection(sort) }))}
        empty={{ title: 'No entries yet', hint: 'Orders, payments, credits and adjustments appear here.' }}
      />

      {dialog?.kind === 'payment' && store ? <PaymentDialog store={store} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'adjustment' && store ? <AdjustmentDialog store={store} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'send' ? <SendConfirm target={dialog.target} onClose={() => setDialog(null)} /> : null}
    </Drawer>
  );
}
