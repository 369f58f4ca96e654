// "Preview catalogue" on a store's page: the store's catalogue exactly as it sees it (its price class,
// the retailer flags, its promotions), read-only, paged and searched by the server. A price hidden from
// the store reads "Hidden"; a stock count hidden from it leaves only the stock label.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { SearchField } from '../../components/list-controls';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { PREVIEW_FAILED, usePreviewRetailerInventoryQuery } from './admin-retailers.api';
import type { RetailerDetail } from './admin-retailers.types';

const COLUMNS: GridColDef<CatalogProduct>[] = [
  { field: 'Item_Number', headerName: 'Item #', width: 100 },
  {
    field: 'Description',
    headerName: 'Product',
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal' }}>
        <Typography variant="body2">{row.Description}</Typography>
        <Typography variant="caption" color="textSecondary">
          {[row.Brand, row.Size, row.Category].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
    ),
  },
  {
    field: 'price',
    headerName: 'Price',
    width: 120,
    type: 'number',
    renderCell: ({ row }) =>
      row.price === undefined ? (
        <Typography variant="body2" color="textSecondary">
          Hidden
        </Typography>
      ) : (
        <Box sx={{ lineHeight: 1.35, textAlign: 'right' }}>
          <Typography variant="body2">{money(row.price)}</Typography>
          {row.listPrice !== undefined ? (
            <Typography variant="caption" color="textSecondary" sx={{ textDecoration: 'line-through' }}>
              {money(row.listPrice)}
            </Typography>
          ) : null}
        </Box>
      ),
  },
  {
    field: 'stockLabel',
    headerName: 'Stock',
    width: 150,
    renderCell: ({ row }) => (
      <Typography variant="body2">
        {row.Inventory_OnHand === undefined
          ? row.stockLabel
          : `${row.Inventory_OnHand.toLocaleString('en-US')} · ${row.stockLabel}`}
      </Typography>
    ),
  },
  {
    field: 'marks',
    headerName: 'Marks',
    width: 220,
    renderCell: ({ row }) => <Marks row={row} />,
  },
];

/** A phone: one stacked cell per product (what, price, stock, marks) instead of a sideways scroll. */
const PHONE_COLUMNS: GridColDef<CatalogProduct>[] = [
  {
    field: 'Description',
    headerName: 'Product',
    flex: 1,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.35, whiteSpace: 'normal', py: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.Description}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="div">
          {[
            `#${row.Item_Number}`,
            row.price === undefined ? 'Price hidden' : money(row.price),
            row.Inventory_OnHand === undefined
              ? row.stockLabel
              : `${row.Inventory_OnHand.toLocaleString('en-US')} · ${row.stockLabel}`,
          ].join(' · ')}
        </Typography>
        <Marks row={row} />
      </Box>
    ),
  },
];

function Marks({ row }: { row: CatalogProduct }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
      {row.isPromoted ? <Chip size="small" color="secondary" label="Promoted" /> : null}
      {row.isDiscounted ? <Chip size="small" color="success" label={`${row.discountPercent ?? ''}% off`} /> : null}
      {row.hasQtyDiscount ? <Chip size="small" variant="outlined" label="Quantity discount" /> : null}
      {row.isNewItem ? <Chip size="small" variant="outlined" label="New" /> : null}
      {!row.allowToOrder ? <Chip size="small" color="warning" label="Not orderable" /> : null}
    </Stack>
  );
}

export function CataloguePreviewDialog({ retailer, onClose }: { retailer: RetailerDetail; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [view, setView] = useState({ page: 1, limit: 25 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const q = usePreviewRetailerInventoryQuery({
    retailerId: retailer.id,
    body: { page: view.page, limit: view.limit, ...(settled ? { search: settled } : {}) },
  });
  return (
    <AppModal open onClose={onClose} title={`${retailer.companyName}: catalogue as the store sees it`} size="xxl">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        {`Price ${retailer.priceClass}, with the store's promotions and what the retailer flags show. Read-only.`}
      </Typography>
      <SearchField
        label="Search the catalogue"
        placeholder="Item #, description, brand or UPC"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setView((s) => ({ ...s, page: 1 }));
        }}
        sx={{ width: { xs: '100%', sm: 360 }, mb: 1.5 }}
      />
      <ServerDataGrid<CatalogProduct, never>
        label={`Catalogue of ${retailer.companyName}`}
        columns={phone ? PHONE_COLUMNS : COLUMNS}
        rows={q.data?.finalProductList ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, PREVIEW_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        onPageChange={(page, limit) => setView({ page, limit })}
        empty={{
          title: settled ? 'No products match' : 'This store sees no products',
          hint: settled ? 'Try another search.' : undefined,
        }}
        autoRowHeight
      />
    </AppModal>
  );
}
