// The Products tab of /admin/products: the distributor's products in the server-side data grid (paging,
// sorting, search and the filters kept in the URL), a column chooser, checkbox selection across pages
// for the bulk edit, a dialog to create or edit a product, and deactivate (after a confirmation) or
// reactivate.
import AddIcon from '@mui/icons-material/AddBox';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { GridActionsCellItem, type GridColDef, type GridColumnVisibilityModel } from '@mui/x-data-grid';
import { firstDirection } from '@portal/shared/api/sort';
import { useMemo, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../components/form-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { useServerGridControls } from '../../components/data-grid/use-server-grid-controls';
import { SearchField } from '../../components/list-controls';
import { errorMessage } from '../../lib/api';
import { money, shortDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useGetCategoriesQuery } from '../categories/categories.api';
import { useGetVendorsQuery } from '../vendors/vendors.api';
import {
  PRODUCT_STATUS_FAILED,
  PRODUCTS_FAILED,
  useGetAdminProductsQuery,
  useGetProductBrandsQuery,
  useSetProductActiveMutation,
  productsChanged,
} from './admin-products.api';
import type { ProductRow, ProductSort } from './admin-products.types';
import { BulkEditDialog } from './bulk-edit-dialog';
import { ProductExportButton } from './import/product-export-button';
import { ProductImportDialog } from './import/product-import-dialog';
import { ProductEditorDialog } from './product-editor-dialog';
import { ProductFiltersBar } from './product-filters';
import { FILTER_DEFAULTS, useProductListView, type ProductFilterName } from './product-list-view';

/** The confirmation's text (issue 14: confirmations before destructive actions). */
export const deactivateProductQuestion = (p: { itemNumber: string; description: string }) =>
  `Deactivate ${p.itemNumber} ${p.description}? Retailers and reps stop seeing it in the catalogue; you can reactivate it later.`;

const COLUMNS_KEY = 'admin-products-columns';
/** Shown unless the user chose otherwise; a phone starts with the few that fit. */
const DEFAULT_HIDDEN: GridColumnVisibilityModel = {
  imageUrl: false,
  vendor: false,
  pack: false,
  size: false,
  productLimit: false,
  updatedAt: false,
};

const STOCK_COLOURS = { inStock: 'text.primary', low: 'warning.main', outOfStock: 'error.main' } as const;
const STOCK_WORDS = { inStock: 'in stock', low: 'low stock', outOfStock: 'out of stock' } as const;
const price1 = (row: ProductRow) => money(row.price1Cents / 100);

function readColumns(): GridColumnVisibilityModel | null {
  try {
    const raw = localStorage.getItem(COLUMNS_KEY);
    return raw ? (JSON.parse(raw) as GridColumnVisibilityModel) : null;
  } catch {
    return null;
  }
}

type Dialog =
  | { kind: 'editor'; productId: string | null; key: number }
  | { kind: 'deactivate'; product: ProductRow }
  | { kind: 'bulk'; key: number }
  | { kind: 'import'; key: number }
  | null;

export function ProductsPanel({ canAdd, canEdit, canExport }: { canAdd: boolean; canEdit: boolean; canExport: boolean }) {
  const dispatch = useAppDispatch();
  const { view, query } = useProductListView();
  const q = useGetAdminProductsQuery(query);
  const categories = useGetCategoriesQuery();
  const brands = useGetProductBrandsQuery();
  // The vendor filter and picker need the Vendors module (a refused call would end the session).
  const canSeeVendors = useCan('Vendors', 'view');
  const vendors = useGetVendorsQuery(
    { page: 1, limit: 100, sort: 'name', dir: 'asc', search: '', status: 'all' },
    { skip: !canSeeVendors },
  );
  const [setActive, activeState] = useSetProductActiveMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [chosenColumns, setChosenColumns] = useState<GridColumnVisibilityModel | null>(readColumns);
  const columnModel = chosenColumns ?? DEFAULT_HIDDEN;
  const chooseColumns = (model: GridColumnVisibilityModel) => {
    setChosenColumns(model);
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(model));
  };

  const { searchText, setSearchText, changeActive } = useServerGridControls({
    view,
    setActive,
    activeFailed: PRODUCT_STATUS_FAILED,
    onActiveChanged: () => setDialog(null),
  });

  const columns = useMemo<GridColDef<ProductRow>[]>(
    () => [
      {
        field: 'imageUrl',
        headerName: 'Image',
        width: 64,
        sortable: false,
        renderCell: ({ row }) =>
          row.imageUrl ? (
            <Box
              component="img"
              src={row.imageUrl}
              alt=""
              loading="lazy"
              sx={{ width: 40, height: 40, objectFit: 'contain', verticalAlign: 'middle' }}
            />
          ) : null,
      },
      { field: 'itemNumber', headerName: 'Item #', width: 110 },
      { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200 },
      { field: 'brand', headerName: 'Brand', flex: 0.8, minWidth: 110 },
      {
        field: 'category',
        headerName: 'Category',
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => [row.category, row.subcategory].filter(Boolean).join(' › '),
      },
      { field: 'vendor', headerName: 'Vendor', flex: 1, minWidth: 130 },
      { field: 'pack', headerName: 'Pack', type: 'number', width: 70, sortable: false },
      { field: 'size', headerName: 'Size', width: 90, sortable: false },
      {
        field: 'price1',
        headerName: 'Price 1',
        type: 'number',
        width: 100,
        valueGetter: (_v, row) => price1(row),
      },
      {
        field: 'stockOnHand',
        headerName: 'Stock',
        type: 'number',
        width: 90,
        renderCell: ({ row }) => (
          <Box
            component="span"
            sx={{ color: STOCK_COLOURS[row.stockStatus], fontWeight: row.stockStatus === 'inStock' ? 400 : 600 }}
            title={STOCK_WORDS[row.stockStatus]}
          >
            {row.stockOnHand.toLocaleString('en-US')}
          </Box>
        ),
      },
      {
        field: 'productLimit',
        headerName: 'Limit',
        type: 'number',
        width: 80,
        valueGetter: (_v, row) => row.productLimit ?? '',
      },
      {
        field: 'flags',
        headerName: 'Marks',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <ProductMarks row={row} />,
      },
      { field: 'updatedAt', headerName: 'Updated', width: 120, valueFormatter: (value: string) => shortDate(value) },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 96,
        renderCell: ({ row }) => <StatusChip active={row.isActive} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 96,
        getActions: ({ row }) =>
          canEdit
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={`Edit ${row.itemNumber}`}
                  onClick={() => setDialog({ kind: 'editor', productId: row.id, key: Date.now() })}
                />,
                row.isActive ? (
                  <GridActionsCellItem
                    key="deactivate"
                    icon={<BlockIcon />}
                    label={`Deactivate ${row.itemNumber}`}
                    onClick={() => setDialog({ kind: 'deactivate', product: row })}
                  />
                ) : (
                  <GridActionsCellItem
                    key="reactivate"
                    icon={<RestoreIcon />}
                    label={`Reactivate ${row.itemNumber}`}
                    onClick={() => void changeActive(row, true)}
                  />
                ),
              ]
            : [],
      },
    ],
    [canEdit, changeActive],
  );

  // A phone shows one stacked cell per product (what, price, stock, status) beside its actions.
  const phoneColumns = useMemo<GridColDef<ProductRow>[]>(
    () => [
      {
        field: 'description',
        headerName: 'Product',
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.description}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div">
              {`#${row.itemNumber} · ${price1(row)} · ${row.stockOnHand.toLocaleString('en-US')} ${STOCK_WORDS[row.stockStatus]}`}
            </Typography>
            <ProductMarks row={row} withStatus />
          </Box>
        ),
      },
      columns.find((c) => c.field === 'actions')!,
    ],
    [columns],
  );

  const filtered =
    view.search !== '' ||
    (Object.keys(FILTER_DEFAULTS) as ProductFilterName[]).some((k) => view.filters[k] !== FILTER_DEFAULTS[k]);

  const newProduct = canAdd ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setDialog({ kind: 'editor', productId: null, key: Date.now() })}
      sx={{ flexShrink: 0 }}
    >
      New product
    </Button>
  ) : null;

  // Import needs add (it creates products); export (the list with its current search and filters) needs export.
  const importExport = (
    <>
      {canAdd ? (
        <Button startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'import', key: Date.now() })}>
          Import CSV
        </Button>
      ) : null}
      {canExport ? <ProductExportButton filters={{ search: view.search, ...view.filters }} /> : null}
    </>
  );

  const toolbarStart = selected.length ? (
    <>
      <Typography sx={{ fontWeight: 600 }} role="status">
        {selected.length} selected
      </Typography>
      <Button size="small" onClick={() => setSelected([])}>
        Clear selection
      </Button>
      {canEdit ? (
        <Button
          size="small"
          variant="contained"
          startIcon={<EditNoteIcon />}
          onClick={() => setDialog({ kind: 'bulk', key: Date.now() })}
        >
          Bulk edit
        </Button>
      ) : null}
    </>
  ) : q.data && !q.isError ? (
    <Typography variant="body2" color="textSecondary" aria-live="polite">
      {q.data.total.toLocaleString('en-US')} {q.data.total === 1 ? 'product' : 'products'}
    </Typography>
  ) : null;

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, alignItems: 'center' }}>
        <SearchField
          label="Search products"
          placeholder="Item #, description, brand or UPC"
          value={searchText}
          onChange={setSearchText}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
        {phone ? null : (
          <>
            <Box sx={{ flex: 1 }} />
            {importExport}
            {newProduct}
          </>
        )}
      </Stack>
      <Box sx={{ mb: 2 }}>
        <ProductFiltersBar
          filters={view.filters}
          onChange={view.setFilters}
          categories={categories.data ?? []}
          vendors={vendors.data?.items ?? []}
          brands={brands.data ?? []}
          trailing={phone ? newProduct : null}
        />
      </Box>
      {phone ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, mt: -1 }}>
          {importExport}
        </Stack>
      ) : null}

      <ServerDataGrid<ProductRow, ProductSort>
        label="Products"
        columns={phone ? phoneColumns : columns}
        autoRowHeight={phone}
        toolbarStart={toolbarStart}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, PRODUCTS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        sort={view.sort}
        dir={view.dir}
        onPageChange={view.setPage}
        onSortChange={(sort, dir) => view.setSort(sort, sort === view.sort ? dir : firstDirection(sort))}
        selection={canEdit ? { ids: selected, onChange: setSelected } : undefined}
        columnVisibility={{ model: columnModel, onChange: chooseColumns }}
        empty={
          filtered
            ? { title: 'No products match', hint: 'Try another search or clear the filters.' }
            : { title: 'No products yet', hint: canAdd ? 'Add your first product with New product.' : undefined }
        }
      />

      {dialog?.kind === 'editor' ? (
        <ProductEditorDialog
          key={dialog.key}
          productId={dialog.productId}
          categories={categories.data ?? []}
          vendors={vendors.data?.items ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'bulk' ? (
        <BulkEditDialog
          key={dialog.key}
          productIds={selected}
          categories={categories.data ?? []}
          onClose={() => setDialog(null)}
          onApplied={() => {
            setSelected([]);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ProductImportDialog
          key={dialog.key}
          open
          onClose={() => {
            // The import applies in the background: the list is read again once the dialog closes.
            dispatch(productsChanged());
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'deactivate' ? (
        <ConfirmModal
          title="Deactivate product"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setDialog(null)}
          onConfirm={() => void changeActive(dialog.product, false)}
        >
          {deactivateProductQuestion(dialog.product)}
        </ConfirmModal>
      ) : null}
    </>
  );
}

function StatusChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant="outlined" />;
}

/** New, promoted and discounted marks (and, on a phone's stacked cell, the status) as small chips. */
function ProductMarks({ row, withStatus = false }: { row: ProductRow; withStatus?: boolean }) {
  const marks = [
    row.isNewItem ? <Chip key="new" size="small" label="New" color="info" variant="outlined" /> : null,
    row.isPromoted ? <Chip key="promoted" size="small" label="Promoted" color="secondary" variant="outlined" /> : null,
    row.isDiscounted ? <Chip key="discounted" size="small" label="Discounted" color="warning" variant="outlined" /> : null,
  ].filter(Boolean);
  if (withStatus && !row.isActive) marks.unshift(<StatusChip key="status" active={false} />);
  if (!marks.length) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', py: withStatus ? 0.5 : 0, height: withStatus ? 'auto' : '100%' }}
    >
      {marks}
    </Stack>
  );
}
