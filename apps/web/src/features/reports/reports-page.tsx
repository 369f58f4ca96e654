// /admin/reports (docs/admin-reports.md): sales for a period of the distributor's local days by day,
// category, product, store, rep or route. One report at a time: its totals, a chart (loaded lazily,
// as the dashboard's) and a server-side paged and sorted grid; Export CSV downloads every row. The
// report, the period, the page and the sort are kept in the URL.
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { can } from '@portal/shared/auth/permissions';
import { addDays, daysBetween, DASHBOARD_PRESETS } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { formatMoney } from '@portal/shared/money/money';
import {
  defaultReportSort,
  REPORT_KINDS,
  REPORT_LABELS,
  REPORT_ROW_NAMES,
  REPORT_SORT_KEYS,
  type ReportKind,
  type ReportSortKey,
  type SalesReportRow,
} from '@portal/shared/reports/reports.schemas';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useGrants } from '../../lib/permissions';
import { downloadReportCsv, EXPORT_FAILED, REPORT_FAILED, useGetSalesReportQuery } from './reports.api';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

const ReportChart = lazy(() => import('./reports-chart').then((m) => ({ default: m.ReportChart })));

const TAB_LABELS: Record<ReportKind, string> = {
  day: 'By day',
  category: 'By category',
  product: 'By product',
  store: 'By store',
  rep: 'By rep',
  route: 'By route',
};
const CODE_HEADERS: Partial<Record<ReportKind, string>> = { product: 'Item number', store: 'C_Number', rep: 'Rep code' };

const PHONE_ORDER = ['name', 'amount', 'quantity', 'orders', 'code'];
const fmtDay = (d: string) => dayjs(d).format('MMM D, YYYY');
const count = (n: number) => n.toLocaleString('en-US');

/** The period shown by the picker: a preset of days ending today, or two dates. */
function presetOf(from: string, to: string, today: string | undefined): number | 'custom' | null {
  if (!from && !to) return 30;
  if (today && to === today && from) {
    const days = daysBetween(from, to) + 1;
    if ((DASHBOARD_PRESETS as readonly number[]).includes(days)) return days;
  }
  return 'custom';
}

function CustomRange({ from, to, onApply }: { from: string; to: string; onApply(from: string, to: string): void }) {
  const [a, setA] = useState(from);
  const [b, setB] = useState(to);
  const backwards = a && b && a > b;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        label="From"
        type="date"
        size="small"
        value={a}
        onChange={(e) => setA(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={b}
        onChange={(e) => setB(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(backwards)}
        helperText={backwards ? 'from must be on or before to' : undefined}
      />
      <Button variant="outlined" disabled={!a || !b || Boolean(backwards)} onClick={() => onApply(a, b)} sx={{ height: 40 }}>
        Apply
      </Button>
    </Stack>
  );
}

export function ReportsPage() {
  const grants = useGrants();
  const allowed = can(grants, 'Reports', 'view');
  const canExport = can(grants, 'Reports', 'export');
  const [params] = useSearchParams();
  const byRaw = params.get('by');
  const by: ReportKind = (REPORT_KINDS as readonly string[]).includes(byRaw ?? '') ? (byRaw as ReportKind) : 'day';
  const fallback = defaultReportSort(by);
  const view = useGridUrlState<ReportSortKey, 'by' | 'from' | 'to'>({
    sorts: REPORT_SORT_KEYS,
    defaultSort: fallback.sort,
    defaultDir: fallback.dir,
    filters: { by: { values: REPORT_KINDS, default: 'day' }, from: { default: '' }, to: { default: '' } },
  });
  const { from, to } = view.filters;
  const [customOpen, setCustomOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const args = { by, from: from || undefined, to: to || undefined, sort: view.sort, dir: view.dir };
  const q = useGetSalesReportQuery({ ...args, page: view.page, limit: view.limit }, { skip: !allowed });
  const data = q.data;
  const preset = customOpen ? 'custom' : presetOf(from, to, data?.today);

  const columns = useMemo<GridColDef<SalesReportRow>[]>(() => {
    const code = CODE_HEADERS[by];
    const money = (v: number) => formatMoney(v);
    return [
      {
        field: 'name',
        headerName: REPORT_ROW_NAMES[by],
        flex: 2,
        minWidth: 180,
        valueFormatter: (v: string) => (by === 'day' ? dayjs(v).format('ddd, MMM D, YYYY') : v),
      },
      ...(code ? [{ field: 'code', headerName: code, minWidth: 110, sortable: false } as GridColDef<SalesReportRow>] : []),
      ...(by === 'category'
        ? []
        : [
            {
              field: 'orders',
              headerName: 'Orders',
              type: 'number',
              minWidth: 90,
              valueFormatter: (v: number | null) => (v == null ? '' : count(v)),
            } as GridColDef<SalesReportRow>,
          ]),
      { field: 'quantity', headerName: 'Quantity', type: 'number', minWidth: 100, valueFormatter: (v: number) => count(v) },
      {
        field: 'amount',
        headerName: 'Amount',
        type: 'number',
        minWidth: 120,
        valueGetter: (_v, row) => row.amountCents,
        valueFormatter: money,
      },
    ];
  }, [by]);

  // On a phone the grid scrolls sideways: the name and the amount come first, within reach.
  const phone = useMediaQuery('(max-width: 599.95px)');
  const shownColumns = useMemo(
    () => (phone ? [...columns].sort((a, b) => PHONE_ORDER.indexOf(a.field) - PHONE_ORDER.indexOf(b.field)) : columns),
    [phone, columns],
  );

  const choosePreset = (days: number) => {
    setCustomOpen(false);
    const today = data?.today;
    if (days === 30 || !today) view.setFilters({ from: '', to: '' });
    else view.setFilters({ from: addDays(today, -(days - 1)), to: today });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReportCsv(args);
    } catch (err) {
      notify.error((err as Error).message || EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const subtitle = data
    ? `${fmtDay(data.period.from)} – ${fmtDay(data.period.to)} (${data.timeZone})`
    : 'Sales by day, category, product, store, rep and route';
  const exportButton =
    allowed && canExport ? (
      <Button startIcon={<FileDownloadIcon />} disabled={exporting} onClick={() => void exportCsv()}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
    ) : null;

  return (
    <>
      <PageTitle title="Reports" subtitle={subtitle} actions={exportButton} />
      <SectionTabs label="Dashboard" sections={SECTIONS.dashboard} />
      {!allowed ? (
        <Alert severity="info">Your role does not include reports. Ask an owner to grant Reports.</Alert>
      ) : (
        <>
          <Tabs
            value={by}
            onChange={(_e, v: ReportKind) => view.setFilters({ by: v })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Report"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {REPORT_KINDS.map((k) => (
              <Tab key={k} value={k} label={TAB_LABELS[k]} />
            ))}
          </Tabs>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={preset}
              aria-label="Period"
              onChange={(_e, v: number | 'custom' | null) => {
                if (v === 'custom') setCustomOpen(true);
                else if (typeof v === 'number') choosePreset(v);
              }}
            >
              {DASHBOARD_PRESETS.map((d) => (
                <ToggleButton key={d} value={d} aria-label={`Last ${d} days`} sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
                  {/* "Last" is left out on a phone, so the four choices fit one line. */}
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    Last&nbsp;
                  </Box>
                  {d} days
                </ToggleButton>
              ))}
              <ToggleButton value="custom" sx={{ px: 1.5 }}>
                Custom
              </ToggleButton>
            </ToggleButtonGroup>
            {preset === 'custom' ? (
              <CustomRange
                key={`${from}/${to}/${data?.period.from ?? ''}`}
                from={from || data?.period.from || ''}
                to={to || data?.period.to || ''}
                onApply={(a, b) => {
                  setCustomOpen(false);
                  view.setFilters({ from: a, to: b });
                }}
              />
            ) : null}
          </Stack>
          {q.isError && !data ? null : (
            <Card variant="outlined" sx={{ mb: 2 }}>
              <CardContent>
                <Stack direction="row" spacing={3} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }} aria-live="polite">
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 'auto' }}>
                    {REPORT_LABELS[by]}
                  </Typography>
                  {data ? (
                    <>
                      {data.totals.orders == null ? null : (
                        <Typography variant="body2">
                          Orders <b>{count(data.totals.orders)}</b>
                        </Typography>
                      )}
                      <Typography variant="body2">
                        Quantity <b>{count(data.totals.quantity)}</b>
                      </Typography>
                      <Typography variant="body2">
                        Amount <b>{formatMoney(data.totals.amountCents)}</b>
                      </Typography>
                    </>
                  ) : null}
                </Stack>
                {data ? (
                  <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
                    {data.amountBasis === 'order'
                      ? 'Amounts are order totals (lines, tax, CRV, delivery) of orders other than cancelled, on the day they were placed.'
                      : 'Amounts are line totals of orders other than cancelled, on the day they were placed.'}
                    {by === 'day' ? '' : ` The chart shows the ${Math.min(10, data.total)} largest by amount.`}
                  </Typography>
                ) : null}
                <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                  {data ? (
                    data.chart.length === 0 ? (
                      <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
                        No sales in this period
                      </Typography>
                    ) : (
                      <Box sx={{ opacity: q.isFetching ? 0.6 : 1 }}>
                        <ReportChart data={data} />
                      </Box>
                    )
                  ) : (
                    <Skeleton variant="rounded" height={240} />
                  )}
                </Suspense>
              </CardContent>
            </Card>
          )}
          <ServerDataGrid<SalesReportRow, ReportSortKey>
            label={REPORT_LABELS[by]}
            columns={shownColumns}
            rows={data?.items ?? []}
            rowCount={data?.total ?? 0}
            getRowId={(r) => r.key || '(none)'}
            loading={q.isFetching}
            error={q.isError ? errorMessage(q.error, REPORT_FAILED) : null}
            onRetry={() => void q.refetch()}
            page={view.page}
            limit={view.limit}
            sort={view.sort}
            dir={view.dir}
            onPageChange={view.setPage}
            // A figure column starts largest first, the name column A to Z.
            onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : sort === 'name' ? 'asc' : 'desc')}
            empty={{ title: 'No sales in this period', hint: 'Try a longer period.' }}
          />
        </>
      )}
    </>
  );
}
