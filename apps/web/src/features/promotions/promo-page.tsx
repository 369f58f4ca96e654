// /admin/promo (Promo & Marketing): the distributor's promotions and banners, each in the server-side
// data grid (paging, sorting, title search and the status filter kept in the URL), forms to add and
// edit them, deactivate after a confirmation, reactivate, and a promotion's retailer price preview.
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import RestoreIcon from '@mui/icons-material/Restore';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { firstDirection, PROMOTION_SORT_KEYS, type PromotionSortKey } from '@portal/shared/api/sort';
import {
  PROMOTION_STATUSES,
  type BannerRow,
  type PromotionRow,
  type PromotionStatusFilter,
} from '@portal/shared/promotions/promotions.schemas';
import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { AppModal } from '../../components/app-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState, type GridUrlState } from '../../components/data-grid/use-grid-url-state';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { BannerFormDialog, PromotionFormDialog } from './promo-form-dialogs';
import { PromotionPreviewDialog } from './promo-preview-dialog';
import {
  BANNERS_FAILED,
  PROMO_STATUS_FAILED,
  PROMOTIONS_FAILED,
  useGetBannersQuery,
  useGetPromotionsQuery,
  useSetPromoActiveMutation,
} from './promotions.api';

const STATUS_LABELS: Record<PromotionStatusFilter, string> = {
  all: 'All',
  active: 'Running',
  scheduled: 'Scheduled',
  ended: 'Ended',
  inactive: 'Off',
};
const STATUS_COLORS = { active: 'success', scheduled: 'info', ended: 'default', inactive: 'warning' } as const;

type Row = PromotionRow | BannerRow;
type Kind = 'promotions' | 'banners';
type Dialog =
  | { kind: 'promotion'; row: PromotionRow | null; key: number }
  | { kind: 'banner'; row: BannerRow | null; key: number }
  | { kind: 'preview'; row: PromotionRow }
  | { kind: 'deactivate'; what: Kind; row: Row }
  | null;

function usePromoPermissions() {
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'Promo & Marketing'));
  return { canAdd: Boolean(grant?.add), canEdit: Boolean(grant?.edit) };
}

function discountText(p: PromotionRow): string {
  const off =
    p.discountType === 'percent'
      ? `${p.discountValue}% off`
      : p.discountType === 'amount'
        ? `$${p.discountValue?.toFixed(2)} off`
        : '';
  return [off, p.promoted ? 'promoted' : ''].filter(Boolean).join(', ');
}

function targetsText(p: PromotionRow): string {
  const t = p.targets;
  const part = (n: number, one: string) => (n ? `${n} ${one}${n === 1 ? '' : 's'}` : '');
  return [
    part(t.productIds.length, 'product'),
    part(t.categoryIds.length, 'category'),
    part(t.brands.length, 'brand'),
    part(t.vendorIds.length, 'vendor'),
  ]
    .filter(Boolean)
    .join(', ')
    .replace('categorys', 'categories');
}

function audienceText(a: Row['audience']): string {
  if (a.type === 'all') return 'All customers';
  const label = { customers: 'Customers', priceLevels: 'Price levels', routes: 'Routes' }[a.type];
  return `${label}: ${a.values.join(', ')}`;
}

export function PromoPage() {
  const [tab, setTab] = useState<Kind>('promotions');
  const view = useGridUrlState<PromotionSortKey, 'status'>({
    sorts: PROMOTION_SORT_KEYS,
    defaultSort: 'startsAt',
    defaultDir: 'desc',
    filters: { status: { values: PROMOTION_STATUSES, default: 'all' } },
  });
  const { canAdd, canEdit } = usePromoPermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [setActive, activeState] = useSetPromoActiveMutation();

  const changeActive = async (what: Kind, row: Row, active: boolean) => {
    try {
      const answer = await setActive({ kind: what, id: row.id, active }).unwrap();
      notify.success(answer.message);
      setDialog(null);
    } catch (err) {
      notify.error(errorMessage(err, PROMO_STATUS_FAILED));
    }
  };

  const add = canAdd ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() =>
        setDialog(
          tab === 'promotions'
            ? { kind: 'promotion', row: null, key: Date.now() }
            : { kind: 'banner', row: null, key: Date.now() },
        )
      }
    >
      {tab === 'promotions' ? 'New promotion' : 'New banner'}
    </Button>
  ) : null;

  return (
    <>
      <PageTitle title="Promo & Marketing" subtitle="Discounts, promoted items and dashboard banners" actions={add} />
      <Tabs value={tab} onChange={(_e, v: Kind) => setTab(v)} sx={{ mb: 2 }} aria-label="Promo & Marketing">
        <Tab value="promotions" label="Promotions" />
        <Tab value="banners" label="Banners" />
      </Tabs>
      {tab === 'promotions' ? (
        <PromotionsGrid
          view={view}
          canEdit={canEdit}
          onDialog={setDialog}
          onReactivate={(r) => void changeActive('promotions', r, true)}
        />
      ) : (
        <BannersGrid
          view={view}
          canEdit={canEdit}
          onDialog={setDialog}
          onReactivate={(r) => void changeActive('banners', r, true)}
        />
      )}

      {dialog?.kind === 'promotion' ? (
        <PromotionFormDialog key={dialog.key} promotion={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'banner' ? (
        <BannerFormDialog key={dialog.key} banner={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'preview' ? <PromotionPreviewDialog promotion={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'deactivate' ? (
        <AppModal
          open
          size="xs"
          title={dialog.what === 'promotions' ? 'Deactivate promotion' : 'Deactivate banner'}
          onClose={() => setDialog(null)}
          actions={
            <>
              <Button onClick={() => setDialog(null)} disabled={activeState.isLoading}>
                Cancel
              </Button>
              <Button
                color="error"
                variant="contained"
                loading={activeState.isLoading}
                onClick={() => void changeActive(dialog.what, dialog.row, false)}
              >
                Deactivate
              </Button>
            </>
          }
        >
          <Typography>
            Deactivate {dialog.row.title}?{' '}
            {dialog.what === 'promotions' ? 'Prices return to normal at once.' : 'Buyers stop seeing it at once.'}
          </Typography>
        </AppModal>
      ) : null}
    </>
  );
}

interface GridProps<R extends Row> {
  view: GridUrlState<PromotionSortKey, 'status'>;
  canEdit: boolean;
  onDialog: (d: Dialog) => void;
  onReactivate: (row: R) => void;
}

function Controls({ view, total, noun }: { view: GridProps<Row>['view']; total: number | undefined; noun: string }) {
  const status = view.filters.status as PromotionStatusFilter;
  const [search, setSearch] = useState(view.search);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        label="Search titles"
        size="small"
        sx={{ width: { xs: '100%', sm: 260 }, flex: 'none' }}
        type="search"
        value={search}
        onChange={(ev) => setSearch(ev.target.value)}
        onKeyDown={(ev) => ev.key === 'Enter' && view.setSearch(search)}
        onBlur={() => view.setSearch(search)}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label="Status"
        onChange={(_e, value: PromotionStatusFilter | null) => value && view.setFilter('status', value)}
        sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' } }}
      >
        {PROMOTION_STATUSES.map((s) => (
          <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
            {STATUS_LABELS[s]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {total !== undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
          {total.toLocaleString('en-US')} {noun}
          {total === 1 ? '' : 's'}
        </Typography>
      ) : null}
    </Stack>
  );
}

function commonColumns<R extends Row>(): GridColDef<R>[] {
  return [
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={STATUS_LABELS[row.status]} color={STATUS_COLORS[row.status]} />,
    },
    {
      field: 'audience',
      headerName: 'Audience',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => audienceText(row.audience),
    },
    { field: 'startsAt', headerName: 'Starts', width: 170, valueFormatter: (v: string) => dateTime(v) },
    { field: 'endsAt', headerName: 'Ends', width: 170, valueFormatter: (v: string | null) => (v ? dateTime(v) : 'No end') },
  ];
}

function rowActions<R extends Row>(row: R, what: Kind, canEdit: boolean, p: GridProps<R>, edit: () => void) {
  if (!canEdit) return [];
  return [
    <GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.title}`} onClick={edit} />,
    row.isActive ? (
      <GridActionsCellItem
        key="deactivate"
        icon={<BlockIcon />}
        label={`Deactivate ${row.title}`}
        onClick={() => p.onDialog({ kind: 'deactivate', what, row })}
      />
    ) : (
      <GridActionsCellItem
        key="reactivate"
        icon={<RestoreIcon />}
        label={`Reactivate ${row.title}`}
        onClick={() => p.onReactivate(row)}
      />
    ),
  ];
}

function PromotionsGrid(p: GridProps<PromotionRow>) {
  const { view, canEdit } = p;
  const q = useGetPromotionsQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    status: view.filters.status as PromotionStatusFilter,
  });
  const columns = useMemo<GridColDef<PromotionRow>[]>(
    () => [
      { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
      { field: 'discount', headerName: 'Discount', width: 150, sortable: false, valueGetter: (_v, row) => discountText(row) },
      { field: 'targets', headerName: 'On', flex: 1, minWidth: 150, sortable: false, valueGetter: (_v, row) => targetsText(row) },
      ...commonColumns<PromotionRow>(),
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 140,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="preview"
            icon={<PriceCheckIcon />}
            label={`Preview prices of ${row.title}`}
            onClick={() => p.onDialog({ kind: 'preview', row })}
          />,
          ...rowActions(row, 'promotions', canEdit, p, () => p.onDialog({ kind: 'promotion', row, key: Date.now() })),
        ],
      },
    ],
    // p's callbacks are stable setters of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit],
  );
  return (
    <>
      <Controls view={view} total={q.data?.total} noun="promotion" />
      <ServerDataGrid<PromotionRow, PromotionSortKey>
        label="Promotions"
        columns={columns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, PROMOTIONS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        empty={{ title: 'No promotions', hint: 'Add one with New promotion, or try another status.' }}
      />
    </>
  );
}

function BannersGrid(p: GridProps<BannerRow>) {
  const { view, canEdit } = p;
  const q = useGetBannersQuery({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    status: view.filters.status as PromotionStatusFilter,
  });
  const columns = useMemo<GridColDef<BannerRow>[]>(
    () => [
      { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
      {
        field: 'linkUrl',
        headerName: 'Link',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? 'Order screen',
      },
      ...commonColumns<BannerRow>(),
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 110,
        getActions: ({ row }) =>
          rowActions(row, 'banners', canEdit, p, () => p.onDialog({ kind: 'banner', row, key: Date.now() })),
      },
    ],
    // p's callbacks are stable setters of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit],
  );
  return (
    <>
      <Controls view={view} total={q.data?.total} noun="banner" />
      <ServerDataGrid<BannerRow, PromotionSortKey>
        label="Banners"
        columns={columns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, BANNERS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        empty={{ title: 'No banners', hint: 'Add one with New banner, or try another status.' }}
      />
    </>
  );
}
