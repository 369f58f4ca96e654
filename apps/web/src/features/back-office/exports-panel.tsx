// The accounting exports: a period (whole days, UTC) and one download per file — orders, invoices and
// payments as CSV (UTF-8 with BOM, formula-safe). The period is checked with the API's own schema first.
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNTING_EXPORTS, exportPeriodQuery, type AccountingExport } from '@portal/shared/webhooks/webhooks.schemas';
import dayjs from 'dayjs';
import { useState } from 'react';
import { InputField } from '../../components/input-field';
import { notify } from '../../lib/notify';
import { DOWNLOAD_FAILED, downloadExport } from './back-office.api';

const LABELS: Record<AccountingExport, string> = { orders: 'Orders', invoices: 'Invoices', payments: 'Payments' };

export function ExportsPanel() {
  const [from, setFrom] = useState(() => dayjs().startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [busy, setBusy] = useState<AccountingExport | null>(null);
  const checked = exportPeriodQuery.safeParse({ from, to });
  const problems = checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message] as const));

  const download = async (kind: AccountingExport) => {
    if (!checked.success) return;
    setBusy(kind);
    try {
      await downloadExport(kind, checked.data);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : DOWNLOAD_FAILED);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="exports-heading" sx={{ p: 2 }}>
      <Typography id="exports-heading" variant="h6" component="h2">
        Accounting exports
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        CSV files for your accounting system (UTF-8, opens in Excel). Days are in UTC, both ends included.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <InputField
          label="From"
          type="date"
          value={from}
          onChange={(ev) => setFrom(ev.target.value)}
          error={Boolean(problems.from)}
          helperText={problems.from}
          fullWidth={false}
        />
        <InputField
          label="To"
          type="date"
          value={to}
          onChange={(ev) => setTo(ev.target.value)}
          error={Boolean(problems.to)}
          helperText={problems.to}
          fullWidth={false}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {ACCOUNTING_EXPORTS.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!checked.success || busy !== null}
            loading={busy === kind}
            onClick={() => void download(kind)}
          >
            {LABELS[kind]} CSV
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
