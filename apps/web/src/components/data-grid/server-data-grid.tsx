// The admin area's data grid: MUI X DataGrid (MIT) with paging, sorting and filtering done by the
// server (each change asks the API for one page), the view in props so a screen can keep it in the URL
// (use-grid-url-state.ts) or in local state (a dialog's list). Loading shows skeleton rows over the
// previous page, an error replaces the grid with a retry, and an empty answer says so.
// Optional: checkbox selection kept across pages (bulk actions), and a Columns button opening the grid's
// own column chooser, its choices held by the screen.
// Only admin screens import this: it is loaded in their lazy chunks, never by the sign-in or retailer
// screens (page-weight budgets, docs/web.md "Admin data grids").
import Box from '@mui/material/Box';
import {
  ColumnsPanelTrigger,
  DataGrid,
  Toolbar,
  ToolbarButton,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { EmptyState, ErrorState } from '../list-states';
import { PAGE_SIZES, type SortDir } from './use-grid-url-state';

export interface ServerDataGridProps<R extends GridValidRowModel, S extends string> {
  /** The grid's accessible name. */
  label: string;
  columns: GridColDef<R>[];
  rows: readonly R[];
  rowCount: number;
  /** A page is being fetched (the first one or the next). */
  loading: boolean;
  /** The last fetch failed: its message, shown with Retry instead of the grid. */
  error?: string | null;
  onRetry?: () => void;
  page: number;
  limit: number;
  /** The server's sort; left out, the columns are not sortable (the server's own order). */
  sort?: S;
  dir?: SortDir;
  onPageChange(page: number, limit: number): void;
  onSortChange?(sort: S, dir: SortDir): void;
  /** Shown when the server has no rows for this view. */
  empty: { title: string; hint?: string; action?: ReactNode };
  pageSizes?: readonly number[];
  getRowId?: (row: R) => string;
  /** Checkbox selection: the chosen row ids, kept while paging (the server's rows of other pages). */
  selection?: { ids: readonly string[]; onChange(ids: string[]): void };
  /** A Columns button above the grid: which columns show (absent: shown). */
  columnVisibility?: { model: GridColumnVisibilityModel; onChange(model: GridColumnVisibilityModel): void };
  /** Shown at the start of the toolbar (with the Columns button): a count, the selection's actions. */
  toolbarStart?: ReactNode;
  /** Rows as tall as their content (a phone's stacked cell) instead of one line. */
  autoRowHeight?: boolean;
  /** A click on a row (not on its checkbox or action buttons) opens the record. */
  onRowClick?: (row: R) => void;
}

// The toolbar is a slot component: its content comes through context, so changing it does not remount it.
const ToolbarStart = createContext<ReactNode>(null);

function ColumnsToolbar() {
  const start = useContext(ToolbarStart);
  return (
    <Toolbar>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 0.5 }}>{start}</Box>
      <ColumnsPanelTrigger render={<ToolbarButton aria-label="Columns" />}>
        <ViewColumnIcon fontSize="small" />
      </ColumnsPanelTrigger>
    </Toolbar>
  );
}

export function ServerDataGrid<R extends GridValidRowModel, S extends string>(props: ServerDataGridProps<R, S>) {
  const { page, limit, sort, dir, onPageChange, onSortChange, empty } = props;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const sortModel = useMemo<GridSortModel>(() => (sort ? [{ field: sort, sort: dir ?? 'asc' }] : []), [sort, dir]);
  const slots = useMemo(() => {
    const NoRows = () => <EmptyState title={empty.title} hint={empty.hint} action={empty.action} />;
    return { noRowsOverlay: NoRows, noResultsOverlay: NoRows, toolbar: ColumnsToolbar };
  }, [empty.title, empty.hint, empty.action]);
  const selection = props.selection;
  const selectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selection ? { type: 'include', ids: new Set(selection.ids) } : undefined),
    [selection],
  );

  if (props.error) return <ErrorState message={props.error} onRetry={() => props.onRetry?.()} />;

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <ToolbarStart.Provider value={props.toolbarStart}>
        <DataGrid<R>
          aria-label={props.label}
          label={props.label}
          columns={props.columns}
          rows={props.rows}
          rowCount={props.rowCount}
          getRowId={props.getRowId}
          loading={props.loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={(m) => onPageChange(m.page + 1, m.pageSize)}
          sortModel={sortModel}
          // The server always sorts by something: a third click goes back to ascending, not unsorted.
          sortingOrder={['asc', 'desc']}
          onSortModelChange={(m) => {
            const first = m[0];
            if (first?.sort) onSortChange?.(first.field as S, first.sort);
          }}
          disableColumnSorting={!onSortChange}
          pageSizeOptions={[...(props.pageSizes ?? PAGE_SIZES)]}
          // Filters are the screen's own controls (search box, status), sent to the server.
          disableColumnFilter
          disableRowSelectionOnClick
          checkboxSelection={Boolean(selection)}
          keepNonExistentRowsSelected={Boolean(selection)}
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(m) => selection?.onChange(selectedIds(m, selection.ids, props.rows, props.getRowId))}
          showToolbar={Boolean(props.columnVisibility)}
          columnVisibilityModel={props.columnVisibility?.model}
          onColumnVisibilityModelChange={(m) => props.columnVisibility?.onChange(m)}
          // A page holds at most 100 rows: all are rendered, and the grid grows with them (no inner scroll).
          disableVirtualization
          autoHeight
          slots={slots}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
          onRowClick={props.onRowClick ? (params) => props.onRowClick?.(params.row) : undefined}
          sx={{
            minHeight: 280,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            ...(props.autoRowHeight ? { '& .MuiDataGrid-cell': { py: 1 } } : {}),
            ...(props.onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
          }}
        />
      </ToolbarStart.Provider>
    </Box>
  );
}

/**
 * The ids a selection model names. "Select all" may answer with an exclusion model (every row but these):
 * here that means the rows on this page, plus those already chosen on other pages.
 */
function selectedIds<R extends GridValidRowModel>(
  model: GridRowSelectionModel,
  before: readonly string[],
  rows: readonly R[],
  getRowId: ((row: R) => string) | undefined,
): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  const pageIds = rows.map((r) => String(getRowId ? getRowId(r) : (r as unknown as { id: unknown }).id));
  const chosen = new Set([...before, ...pageIds]);
  for (const id of model.ids) chosen.delete(String(id));
  return [...chosen];
}
