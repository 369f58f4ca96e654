// /admin/order: the distributor's order work queue. Every customer's orders in the server-side data grid
// (paging, sorting and the filters kept in the URL), the user's saved views as tabs with their counts,
// checkbox selection with a bulk-action bar (confirm, picking, out for delivery, delivered, cancel,
// print PDFs) that confirms what will happen and then shows the result per order. A row opens the
// order's details page (/admin/order/details/:orderId); a held order's row offers Release (Orders ·
// approve), which updates the row in place.
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import {
  ADMIN_ORDER_SORT_KEYS,
  type AdminOrderRow,
  type AdminOrderSortKey,
  type BulkStatusResult,
  type SavedView,
} from '@portal/shared/orders/admin-orders.schemas';
import { TARGET_STATUSES, type OrderStatus, type TargetStatus } from '@portal/shared/orders/order-status';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useGridUrlState, type FilterSpec } from '../../components/data-grid/use-grid-url-state';
import { SearchField } from '../../components/list-controls';
import { OrderStatusChip } from '../../components/order-status-chip';
import { PageTitle } from '../../components/page-title';
import { ReleaseOrderDialog } from '../../components/release-order-dialog';
import { errorMessage } from '../../lib/api';
import { dateTime, money, shortDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useModuleGrant } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { downloadPostedFile } from '../../lib/download-file';
import { ORDER_RELEASE_FAILED, useReleaseAdminOrderMutation } from '../admin-order-details/admin-order-details.api';
import {
  BULK_FAILED,
  ORDERS_FAILED,
  PDF_FAILED,
  adminOrdersApi,
  downloadOrdersPdf,
  useBulkMoveOrdersMutation,
  useGetAdminOrdersQuery,
  useGetOrderFilterChoicesQuery,
  useGetOrderViewCountsQuery,
  useGetOrderViewsQuery,
} from './admin-orders.api';
import { ACTION_LABELS, BulkConfirmDialog, BulkResultDialog, PrintDialog } from './bulk-dialogs';
import { OrderFilterBar } from './order-filter-bar';
import {
  bulkPlan,
  FILTER_NAMES,
  filtersFromUrl,
  isEmptyFilters,
  listQueryString,
  sameFilters,
  urlFromFilters,
  type BulkPlan,
  type FilterName,
} from './order-filters';
import { DeleteViewDialog, SaveViewDialog } from './saved-view-dialogs';

const PICK_LIST_FAILED = 'Failed to print the pick list';

const FILTER_SPECS = Object.fromEntries(FILTER_NAMES.map((n) => [n, { default: '' }])) as Record<FilterName, FilterSpec>;
const PLACED_BY_WORDS = { retailer: 'Store', sales: 'Rep', distributor: 'Office' } as const;
const PHONE_ORDER = ['orderNumber', 'status', 'store', 'total', 'createdAt', 'deliveryDate', 'route', 'placedBy', 'items'];

type Dialog =
  | { kind: 'save'; view: SavedView | null }
  | { kind: 'delete'; view: SavedView }
  | { kind: 'bulk'; target: TargetStatus; plan: BulkPlan }
  | { kind: 'result'; result: BulkStatusResult }
  | { kind: 'print' }
  | { kind: 'release'; order: AdminOrderRow }
  | null;

function useOrdersPermissions() {
  const grant = useModuleGrant('Orders');
  return { canEdit: grant.edit, canExport: grant.export, canApprove: grant.approve };
}

const countLabel = (n: number | undefined) => (n == null ? '' : n.toLocaleString('en-US'));

export function AdminOrdersPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { canEdit, canExport, canApprove } = useOrdersPermissions();
  const view = useGridUrlState<AdminOrderSortKey, FilterName>({
    sorts: ADMIN_ORDER_SORT_KEYS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
    filters: FILTER_SPECS,
  });
  const filters = useMemo(() => filtersFromUrl({ ...view.filters, search: view.search }), [view.filters, view.search]);
  const listArgs = listQueryString(view, filters);
  const q = useGetAdminOrdersQuery(listArgs);
  const choices = useGetOrderFilterChoicesQuery();
  const views = useGetOrderViewsQuery();
  const counts = useGetOrderViewCountsQuery();
  const [bulkMove, bulkState] = useBulkMoveOrdersMutation();
  const [release, releaseState] = useReleaseAdminOrderMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selection, setSelection] = useState<string[]>([]);
  const [printing, setPrinting] = useState(false);
  // The rows seen on any page, so the confirmation can say what will happen to every chosen order.
  const seen = useRef(new Map<string, AdminOrderRow>());
  useEffect(() => {
    for (const row of q.data?.items ?? []) seen.current.set(row.id, row);
  }, [q.data]);

  // The search box follows the URL (Back, a view) and writes it once typing pauses.
  const [searchText, setSearchText] = useState(view.search);
  const settled = useDebounced(searchText);
  const [shownSearch, setShownSearch] = useState(view.search);
  if (shownSearch !== view.search) {
    setShownSearch(view.search);
    if (searchText.trim() !== view.search) setSearchText(view.search);
  }
  useEffect(() => {
    if (settled.trim() !== view.search) view.setSearch(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const savedViews = views.data ?? [];
  const currentView = savedViews.find((v) => sameFilters(v.filters, filters)) ?? null;
  const tab = currentView ? currentView.id : isEmptyFilters(filters) ? 'all' : false;
  const countOf = (id: string) => counts.data?.views.find((c) => c.id === id)?.count;

  // A view's filters and search in one URL change, through the same writer as every other change (a
  // second writer would not see a change the first has made but the router has not yet rendered).
  const applyFilters = (f: SavedView['filters']) => {
    const { search, ...url } = urlFromFilters(f);
    view.replaceFilters(url, search);
    setSearchText(search);
  };

  const columns = useMemo<GridColDef<AdminOrderRow>[]>(
    () => [
      {
        field: 'orderNumber',
        headerName: 'Order #',
        width: 96,
        renderCell: ({ row }) => (
          <Link
            href={`/admin/order/details/${encodeURIComponent(row.id)}`}
            underline="hover"
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              void navigate(`/admin/order/details/${encodeURIComponent(row.id)}`);
            }}
          >
            {row.orderNumber}
          </Link>
        ),
      },
      {
        field: 'createdAt',
        headerName: 'Ordered',
        width: 158,
        valueFormatter: (value: string) => dateTime(value),
      },
      {
        field: 'store',
        headerName: 'Store',
        flex: 1.4,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.store.name}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              #{row.store.C_Number}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'route',
        headerName: 'Route',
        width: 72,
        valueGetter: (_v, row) => row.store.route ?? '',
      },
      {
        field: 'placedBy',
        headerName: 'Placed by',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueGetter: (_v, row) => `${row.placedBy.name}${row.placedBy.name ? ' · ' : ''}${PLACED_BY_WORDS[row.placedBy.role]}`,
      },
      {
        field: 'status',
        headerName: 'Status',
        // A held order's Release (Orders · approve, as on its page) sits beside its status, where it shows
        // at every width: a column of its own would be pushed off a 1440 px screen.
        width: canApprove ? 164 : 136,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', height: '100%' }}>
            <OrderStatusChip status={row.status} label={row.statusLabel} />
            {canApprove && row.status === 'on_hold' ? (
              <Button
                variant="outlined"
                color="warning"
                size="small"
                aria-label={`Release order ${row.orderNumber}`}
                sx={{ minWidth: 0, px: 1, py: 0.25 }}
                onClick={(e) => {
                  e.stopPropagation(); // not the row's click, which opens the order
                  setDialog({ kind: 'release', order: row });
                }}
              >
                Release
              </Button>
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'deliveryDate',
        headerName: 'Delivery',
        width: 112,
        valueFormatter: (value: string | null) => (value ? shortDate(`${value}T12:00:00Z`) : ''),
      },
      { field: 'items', headerName: 'Lines', type: 'number', width: 70, valueGetter: (_v, row) => row.itemCount },
      {
        field: 'total',
        headerName: 'Total',
        type: 'number',
        width: 110,
        valueGetter: (_v, row) => row.totalCents,
        valueFormatter: (value: number) => money(value / 100),
      },
    ],
    [navigate, canApprove],
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (phone ? PHONE_ORDER.map((field) => columns.find((c) => c.field === field)!) : columns),
    [phone, columns],
  );

  const chosenStatuses = (): OrderStatus[] =>
    selection.map((id) => seen.current.get(id)?.status).filter((s): s is OrderStatus => Boolean(s));

  const runBulk = async (target: TargetStatus) => {
    try {
      const answer = await bulkMove({ orderIds: selection, status: target }).unwrap();
      const result = answer.data;
      if (result.refused === 0) notify.success(result.summary);
      else if (result.moved === 0) notify.error(result.summary);
      else notify.info(result.summary);
      setSelection([]);
      setDialog({ kind: 'result', result });
    } catch (err) {
      notify.error(errorMessage(err, BULK_FAILED));
      setDialog(null);
    }
  };

  // The answer is the order's row as it now is: written into the page shown, so the row changes at once
  // (the list and the counts are also read again: a filter on On Hold then drops it).
  const runRelease = async (order: AdminOrderRow, reason: string) => {
    try {
      const res = await release({ orderId: order.id, reason }).unwrap();
      const row = res.data.order;
      dispatch(
        adminOrdersApi.util.updateQueryData('getAdminOrders', listArgs, (page) => {
          const at = page.items.findIndex((r) => r.id === row.id);
          if (at >= 0) page.items[at] = row;
        }),
      );
      seen.current.set(row.id, row);
      notify.success(res.message);
      setDialog(null);
    } catch (err) {
      notify.error(errorMessage(err, ORDER_RELEASE_FAILED));
    }
  };

  const print = async (hasPrice: boolean) => {
    setPrinting(true);
    try {
      await downloadOrdersPdf(selection, hasPrice);
      setDialog(null);
    } catch (err) {
      notify.error(errorMessage(err, PDF_FAILED));
    } finally {
      setPrinting(false);
    }
  };

  // Orders just moved to picking: their pick list (docs/pick-lists.md), in the e-pick settings' order.
  const printPickList = async (orderIds: string[]) => {
    setPrinting(true);
    try {
      await downloadPostedFile('/admin/epick/pick-list/pdf', { orderIds }, 'pick-list-selected.pdf', PICK_LIST_FAILED);
    } catch (err) {
      // downloadPostedFile throws the server's message, or PICK_LIST_FAILED when it has none.
      notify.error(err instanceof Error && err.message ? err.message : PICK_LIST_FAILED);
    } finally {
      setPrinting(false);
    }
  };

  const bulkBar = selection.length ? (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Bulk actions"
      sx={{ p: 1, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
        {selection.length} selected
      </Typography>
      {canEdit
        ? TARGET_STATUSES.map((target) => (
            <Button
              key={target}
              size="small"
              variant={target === 'cancelled' ? 'outlined' : 'contained'}
              color={target === 'cancelled' ? 'error' : 'primary'}
              onClick={() => setDialog({ kind: 'bulk', target, plan: bulkPlan(chosenStatuses(), target) })}
            >
              {ACTION_LABELS[target]}
            </Button>
          ))
        : null}
      {canExport ? (
        <Button size="small" variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => setDialog({ kind: 'print' })}>
          Print PDFs
        </Button>
      ) : null}
      <Button size="small" onClick={() => setSelection([])} sx={{ ml: { sm: 'auto' } }}>
        Clear selection
      </Button>
    </Paper>
  ) : null;

  const canSaveView = canEdit && !isEmptyFilters(filters) && !currentView;

  return (
    <>
      <PageTitle
        title="Orders"
        subtitle="Every store's orders: confirm, pick, send out and deliver them"
        actions={
          canSaveView ? (
            <Button
              variant="contained"
              startIcon={<BookmarkAddOutlinedIcon />}
              onClick={() => setDialog({ kind: 'save', view: null })}
            >
              Save view
            </Button>
          ) : null
        }
      />

      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2, minWidth: 0 }}>
        <Tabs
          value={tab}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Saved views"
          sx={{ flex: 1, minWidth: 0 }}
          onChange={(_e, id: string) => applyFilters(id === 'all' ? {} : (savedViews.find((v) => v.id === id)?.filters ?? {}))}
        >
          <Tab
            value="all"
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>All orders</span>
                <Chip size="small" label={countLabel(counts.data?.all)} sx={{ height: 20, minWidth: 28 }} />
              </Stack>
            }
          />
          {savedViews.map((v) => (
            <Tab
              key={v.id}
              value={v.id}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{v.name}</span>
                  <Chip size="small" label={countLabel(countOf(v.id))} sx={{ height: 20, minWidth: 28 }} />
                </Stack>
              }
            />
          ))}
        </Tabs>
        {currentView && canEdit ? (
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            <Tooltip title="Rename view">
              <IconButton
                aria-label={`Rename view ${currentView.name}`}
                onClick={() => setDialog({ kind: 'save', view: currentView })}
              >
                <DriveFileRenameOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete view">
              <IconButton
                aria-label={`Delete view ${currentView.name}`}
                onClick={() => setDialog({ kind: 'delete', view: currentView })}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ) : null}
      </Stack>

      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <SearchField
            label="Search orders"
            placeholder="Order #, store, C_Number or item"
            value={searchText}
            onChange={setSearchText}
            sx={{ flex: 1, maxWidth: { sm: 420 } }}
          />
          {q.data && !q.isError ? (
            <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
              {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'order' : 'orders'}
            </Typography>
          ) : null}
        </Stack>
        <OrderFilterBar filters={view.filters} onChange={view.setFilters} choices={choices.data} />
      </Stack>

      {bulkBar}

      <ServerDataGrid<AdminOrderRow, AdminOrderSortKey>
        label="Orders"
        columns={shownColumns}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, ORDERS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        selection={{ ids: selection, onChange: setSelection }}
        onRowClick={(row) => void navigate(`/admin/order/details/${encodeURIComponent(row.id)}`)}
        empty={
          isEmptyFilters(filters)
            ? { title: 'No orders yet', hint: 'Orders your stores and reps place show here.' }
            : { title: 'No orders match', hint: 'Try other filters or clear them.' }
        }
      />

      {dialog?.kind === 'save' ? (
        <SaveViewDialog view={dialog.view} filters={filters} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteViewDialog
          view={dialog.view}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            applyFilters({});
          }}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <BulkConfirmDialog
          target={dialog.target}
          count={selection.length}
          plan={dialog.plan}
          busy={bulkState.isLoading}
          onConfirm={() => void runBulk(dialog.target)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'result' ? (
        <BulkResultDialog
          result={dialog.result}
          onClose={() => setDialog(null)}
          onPrintPickList={canExport ? (ids) => void printPickList(ids) : undefined}
          printing={printing}
        />
      ) : null}
      {dialog?.kind === 'release' ? (
        <ReleaseOrderDialog
          open
          orderNumber={dialog.order.orderNumber}
          busy={releaseState.isLoading}
          onClose={() => setDialog(null)}
          onRelease={(reason) => runRelease(dialog.order, reason)}
        />
      ) : null}
      {dialog?.kind === 'print' ? (
        <PrintDialog
          count={selection.length}
          busy={printing}
          onPrint={(hasPrice) => void print(hasPrice)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
