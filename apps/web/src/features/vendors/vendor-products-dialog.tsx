// One vendor's products, a page at a time (the same server-side grid as the vendors list, its view kept
// in the dialog rather than the URL).
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid';
import { errorMessage } from '../../lib/api';
import { VENDOR_PRODUCTS_FAILED, useGetVendorProductsQuery } from './vendors.api';
import type { VendorProduct, VendorRow } from './vendors.types';

const COLUMNS: GridColDef<VendorProduct>[] = [
  { field: 'itemNumber', headerName: 'Item #', width: 120 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 220 },
  {
    field: 'isActive',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => <ActiveChip active={row.isActive} />,
  },
];

export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant="outlined" />;
}

export function VendorProductsDialog({ vendor, onClose }: { vendor: VendorRow; onClose: () => void }) {
  const [view, setView] = useState({ page: 1, limit: 10 });
  const q = useGetVendorProductsQuery({ id: vendor.id, ...view });
  return (
    <AppModal open onClose={onClose} title={`${vendor.name}: products`} size="lg">
      <ServerDataGrid<VendorProduct, never>
        label={`Products of ${vendor.name}`}
        columns={COLUMNS}
        rows={q.data?.items ?? []}
        rowCount={q.data?.total ?? 0}
        loading={q.isFetching}
        error={q.isError ? errorMessage(q.error, VENDOR_PRODUCTS_FAILED) : null}
        onRetry={() => void q.refetch()}
        page={view.page}
        limit={view.limit}
        onPageChange={(page, limit) => setView({ page, limit })}
        pageSizes={[10, 25, 50]}
        empty={{ title: 'No products', hint: 'No product names this vendor yet.' }}
      />
    </AppModal>
  );
}
