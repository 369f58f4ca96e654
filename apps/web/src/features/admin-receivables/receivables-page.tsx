// /admin/account: what every store owes by days past due (current, 1–30, 31–60, 61–90, 90+, and what was
// carried over from before the ledger) in the server-side data grid (paging, sorting, search, route, rep
// and which stores, all kept in the URL), the filtered totals, the CSV export, one-click Send statement /
// Send reminder after a confirmation, and a store's ledger in a drawer (row click).
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatMoney } from '@portal/shared/money/money';
import { AGEING_BUCKETS, AGEING_BUCKET_LABELS } from '@portal/shared/receivables/ageing';
import {
  AGEING_SHOW,
  AGEING_SORT_KEYS,
  type AgeingRow,
  type AgeingShow,
  type AgeingSortKey,
} from '@portal/shared/receivables/receivables.schemas';
import { useEffect, useMemo, useState } from 'react';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState } from '../../components/data-grid/use-grid-url-state';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useModuleGrant } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { LedgerDrawer } from './ledger-drawer';
import {
  AGEING_FAILED,
  DOWNLOAD_FAILED,
  ageingParams,
  downloadFile,
  useGetAgeingQuery,
  useGetReceivableChoicesQuery,
} from './receivables.api';
import { SendConfirm, type SendTarget } from './send-confirm';

const SHOW_LABELS: Record<AgeingShow, string> = { owing: 'Owing', pastDue: 'Past due', all: 'All stores' };
const TEXT_SORTS = new Set<AgeingSortKey>(['name', 'cNumber', 'route']);
const moneyColumn = (field: AgeingSortKey & keyof AgeingRow, headerName: string): GridColDef<AgeingRow> => ({
  field,
  headerName,
  type: 'number',
  width: 112,
  valueFormatter: (v: number) => formatMoney(v),
  cellClassName: ({ value }) => (field !== 'current' && field !== 'total' && Number(value) > 0 ? 'ageing-late' : ''),
});

export function ReceivablesPage() {
  const view = useGridUrlState<AgeingSortKey, 'route' | 'rep' | 'show'>({
    sorts: AGEING_SORT_KEYS,
    defaultSort: 'total',
    defaultDir: 'desc',
    filters: { route: { default: '' }, rep: { default: '' }, show: { values: AGEING_SHOW, default: 'owing' } },
  });
  const grant = useModuleGrant('Account Receivable');
  const choices = useGetReceivableChoicesQuery();
  const [searchText, setSearchText] = useState(view.search);
  const settled = useDebounced(searchText);
  useEffect(() => {
    if (settled.trim() !== view.search) view.setSearch(settled);
    // Only a settled change of the box writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  const filters = {
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    route: view.filters.route,
    salesRepId: view.filters.rep,
    show: view.filters.show as AgeingShow,
  };
  const q = useGetAgeingQuery({ page: view.page, limit: view.limit, ...filters });
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  const [sending, setSending] = useState<SendTarget | null>(null);
  const [exporting, setExporting] = useState(false);

  const columns = useMemo<GridColDef<AgeingRow>[]>(() => {
    const cols: GridColDef<AgeingRow>[] = [
      { field: 'cNumber', headerName: 'C_Number', width: 100, valueGetter: (_v, row) => row.C_Number },
      { field: 'name', headerName: 'Store', flex: 1, minWidth: 180, valueGetter: (_v, row) => row.companyName },
      { field: 'route', headerName: 'Route', width: 80, valueGetter: (_v, row) => row.routeNumber ?? '' },
      { field: 'rep', headerName: 'Sales rep', width: 130, sortable: false, valueGetter: (_v, row) => row.salesRep?.name ?? '' },
      ...AGEING_BUCKETS.map((b) => moneyColumn(b, AGEING_BUCKET_LABELS[b])),
      moneyColumn('carriedOver', 'Carried over'),
      moneyColumn('total', 'Total'),
    ];
    cols.push({
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 130,
      getActions: ({ row }) => {
        const items = [
          <GridActionsCellItem
            key="ledger"
            icon={<ReceiptLongIcon />}
            label={`Ledger of ${row.companyName}`}
            onClick={() => setLedgerOf(row.customerId)}
          />,
        ];
        if (grant.export) {
          items.push(
            <GridActionsCellItem
              key="statement"
              icon={<MailOutlineIcon />}
              label={`Send statement to ${row.companyName}`}
              onClick={() => setSending({ kind: 'statement', customerId: row.customerId, companyName: row.companyName })}
            />,
            <GridActionsCellItem
              key="reminder"
              icon={<NotificationsActiveOutlinedIcon />}
              label={`Send reminder to ${row.companyName}`}
              disabled={row.pastDue <= 0}
              onClick={() => setSending({ kind: 'reminder', customerId: row.customerId, companyName: row.companyName })}
            />,
          );
        }
        return items;
      },
    });
    return cols;
  }, [grant.export]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(`/admin/receivables/ageing.csv?${ageingParams(filters)}`, 'ageing.csv');
    } catch (err) {
      notify.error((err as Error).message || DOWNLOAD_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const totals = q.data?.totals;
  const filtered = view.search !== '' || view.filters.route !== '' || view.filters.rep !== '';
  return (
    <>
      <PageTitle
        title="Account Receivable"
        subtitle={q.data ? `What stores owe, by days past due, as of ${q.data.asOf}` : 'What stores owe, by days past due'}
        actions={
          grant.export ? (
            <Button startIcon={<FileDownloadIcon />} disabled={exporting} onClick={() => void exportCsv()}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          ) : null
        }
      />
      {totals ? (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} aria-label="Totals">
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(8, 1fr)' },
              gap: 1.5,
            }}
          >
            {[
              ['Total owed', totals.total],
              ['Past due', totals.pastDue],
              ...AGEING_BUCKETS.map((b) => [AGEING_BUCKET_LABELS[b], totals[b]] as const),
              ['Carried over', totals.carriedOver],
            ].map(([label, cents]) => (
              <Box key={label as string}>
                <Typography variant="caption" color="textSecondary">
                  {label}
                </Typography>
                <Typography
                  variant="subtitle1"
                  sx={{ fontWeight: 600 }}
                  color={label === 'Past due' && Number(cents) > 0 ? 'error' : undefined}
                >
                  {formatMoney(Number(cents))}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ) : null}
      <Box
        role="group"
        aria-label="Filters"
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          pt: 0.5,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(200px, 2fr) minmax(120px, 1fr) minmax(140px, 1fr) auto auto' },
          '& > :first-of-type, & > [aria-label="Stores"]': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <InputField
          label="Search stores"
          placeholder="Name or C_Number"
          value={searchText}
          onChange={(ev) => setSearchText(ev.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          htmlInput={{ type: 'search' }}
        />
        <FilterSelect
          label="Route"
          value={view.filters.route}
          onChange={(v) => view.setFilter('route', v)}
          options={[{ value: '', label: 'All routes' }, ...(choices.data?.routes ?? []).map((r) => ({ value: r, label: r }))]}
        />
        <FilterSelect
          label="Sales rep"
          value={view.filters.rep}
          onChange={(v) => view.setFilter('rep', v)}
          options={[
            { value: '', label: 'All reps' },
            ...(choices.data?.salesReps ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view.filters.show}
          aria-label="Stores"
          onChange={(_e, v: AgeingShow | null) => v && view.setFilter('show', v)}
        >
          {AGEING_SHOW.map((s) => (
            <ToggleButton key={s} value={s} sx={{ px: 2 }}>
              {SHOW_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {q.data && !q.isError ? (
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'store' : 'stores'}
          </Typography>
        ) : null}
      </Box>

      <Box sx={{ '& .ageing-late': { color: 'error.main', fontWeight: 600 } }}>
        <ServerDataGrid<AgeingRow, AgeingSortKey>
          label="Ageing"
          columns={columns}
          rows={q.data?.items ?? []}
          rowCount={q.data?.total ?? 0}
          getRowId={(r) => r.customerId}
          loading={q.isFetching}
          error={q.isError ? errorMessage(q.error, AGEING_FAILED) : null}
          onRetry={() => void q.refetch()}
          page={view.page}
          limit={view.limit}
          sort={view.sort}
          dir={view.dir}
          onPageChange={view.setPage}
          onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : TEXT_SORTS.has(sort) ? 'asc' : 'desc')}
          onRowClick={(row) => setLedgerOf(row.customerId)}
          empty={
            filtered || view.filters.show !== 'all'
              ? { title: 'No stores match', hint: 'Try another search, route, rep, or All stores.' }
              : { title: 'No stores yet' }
          }
        />
      </Box>

      {ledgerOf ? <LedgerDrawer customerId={ledgerOf} onClose={() => setLedgerOf(null)} /> : null}
      {sending ? <SendConfirm target={sending} onClose={() => setSending(null)} /> : null}
    </>
  );
}
