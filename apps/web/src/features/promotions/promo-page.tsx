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
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Paged } from '@portal/shared/api/envelope';
import { firstDirection, PROMOTION_SORT_KEYS, type PromotionSortKey } from '@portal/shared/api/sort';
import {
  PROMOTION_STATUSES,
  type BannerRow,
  type PromotionRow,
  type PromotionStatusFilter,
} from '@portal/shared/promotions/promotions.schemas';
import { SECTIONS } from '@portal/shared/layout/menus';
import { useMemo, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { useModuleGrant } from '../../lib/permissions';
import { ConfirmModal } from '../../components/form-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState, type GridUrlState } from '../../components/data-grid/use-grid-url-state';
import { PageTitle } from '../../components/page-title';
import { SectionTabs } from '../../components/section-tabs';
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
  type PromoListQuery,
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
  const grant = useModuleGrant('Promo & Marketing');
  return { canAdd: grant.add, canEdit: grant.edit };
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
  // The tab is in the URL (?tab=banners) because the tabs are links shared with the stories page.
  const [params] = useSearchParams();
  const tab: Kind = params.get('tab') === 'banners' ? 'banners' : 'promotions';
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

  const grid: GridProps = {
    view,
    canEdit,
    onDialog: setDialog,
    onReactivate: (what, row) => void changeActive(what, row, true),
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
      <SectionTabs
        label="Promo & Marketing"
        sections={SECTIONS.promo}
        current={tab === 'banners' ? '/admin/promo?tab=banners' : '/admin/promo'}
      />
      {tab === 'promotions' ? (
        <PromoGrid key="promotions" kind={PROMOTIONS} {...grid} />
      ) : (
        <PromoGrid key="banners" kind={BANNERS} {...grid} />
      )}

      {dialog?.kind === 'promotion' ? (
        <PromotionFormDialog key={dialog.key} promotion={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'banner' ? (
        <BannerFormDialog key={dialog.key} banner={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'preview' ? <PromotionPreviewDialog promotion={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'deactivate' ? (
        <ConfirmModal
          title={dialog.what === 'promotions' ? 'Deactivate promotion' : 'Deactivate banner'}
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setDialog(null)}
          onConfirm={() => void changeActive(dialog.what, dialog.row, false)}
        >
          {`Deactivate ${dialog.row.title}? ${
            dialog.what === 'promotions' ? 'Prices return to normal at once.' : 'Buyers stop seeing it at once.'
          }`}
        </ConfirmModal>
      ) : null}
    </>
  );
}

interface GridProps {
  view: GridUrlState<PromotionSortKey, 'status'>;
  canEdit: boolean;
  onDialog: (d: Dialog) => void;
  onReactivate: (what: Kind, row: Row) => void;
}

function Controls({ view, total, noun }: { view: GridProps['view']; total: number | undefined; noun: string }) {
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
        <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
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

/** What differs between the promotions grid and the banners grid. */
interface GridKind<R extends Row> {
  what: Kind;
  label: string;
  noun: string;
  failed: string;
  useRows: (q: PromoListQuery) => {
    data?: Paged<R>;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  /** The columns before status, audience and dates. */
  columns: GridColDef<R>[];
  /** Row actions before edit and deactivate. */
  actions?: (row: R, onDialog: (d: Dialog) => void) => ReactElement[];
  editDialog: (row: R) => Dialog;
}

const PROMOTIONS: GridKind<PromotionRow> = {
  what: 'promotions',
  label: 'Promotions',
  noun: 'promotion',
  failed: PROMOTIONS_FAILED,
  useRows: useGetPromotionsQuery,
  columns: [
    { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
    { field: 'discount', headerName: 'Discount', width: 150, sortable: false, valueGetter: (_v, row) => discountText(row) },
    { field: 'targets', headerName: 'On', flex: 1, minWidth: 150, sortable: false, valueGetter: (_v, row) => targetsText(row) },
  ],
  actions: (row, onDialog) => [
    <GridActionsCellItem
      key="preview"
      icon={<PriceCheckIcon />}
      label={`Preview prices of ${row.title}`}
      onClick={() => onDialog({ kind: 'preview', row })}
    />,
  ],
  editDialog: (row) => ({ kind: 'promotion', row, key: Date.now() }),
};

const BANNERS: GridKind<BannerRow> = {
  what: 'banners',
  label: 'Banners',
  noun: 'banner',
  failed: BANNERS_FAILED,
  useRows: useGetBannersQuery,
  columns: [
    { field: 'title', headerName: 'Title', flex: 1.2, minWidth: 180 },
    {
      field: 'linkUrl',
      headerName: 'Link',
      flex: 1,
      minWidth: 150,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? 'Order screen',
    },
  ],
  editDialog: (row) => ({ kind: 'banner', row, key: Date.now() }),
};

function rowActions<R extends Row>(row: R, kind: GridKind<R>, p: GridProps): ReactElement[] {
  const extra = kind.actions?.(row, p.onDialog) ?? [];
  if (!p.canEdit) return extra;
  return [
    ...extra,
    <GridActionsCellItem
      key="edit"
      icon={<EditIcon />}
      label={`Edit ${row.title}`}
      onClick={() => p.onDialog(kind.editDialog(row))}
    />,
    row.isActive ? (
      <GridActionsCellItem
        key="deactivate"
        icon={<BlockIcon />}
        label={`Deactivate ${row.title}`}
        onClick={() => p.onDialog({ kind: 'deactivate', what: kind.what, row })}
      />
    ) : (
      <GridActionsCellItem
        key="reactivate"
        icon={<RestoreIcon />}
        label={`Reactivate ${row.title}`}
        onClick={() => p.onReactivate(kind.what, row)}
      />
    ),
  ];
}

/** The grid of one kind: the list asked by the URL's page, sort, search and status. */
function PromoGrid<R extends Row>({ kind, ...p }: GridProps & { kind: GridKind<R> }) {
  const { view, canEdit } = p;
  const columns = useMemo<GridColDef<R>[]>(
    () => [
      ...kind.columns,
      ...commonColumns<R>(),
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: kind.actions ? 140 : 110,
        getActions: ({ row }) => rowActions(row, kind, p),
      },
    ],
    // p's callbacks are stable setters of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, canEdit],
  );
  const q = kind.useRows({
    page: view.page,
    limit: view.limit,
    sort: view.sort,
    dir: view.dir,
    search: view.search,
    status: view.filters.status as PromotionStatusFilter,
  });
  const { noun } = kind;
  return (
    <>
      <Controls view={view} total={q.data?.total} noun={noun} />
      <ServerDataGrid<R, PromotionSortKey>
        label={kind.label}
        columns={columns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, kind.failed) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        empty={{ title: `No ${noun}s`, hint: `Add one with New ${noun}, or try another status.` }}
      />
    </>
  );
}
