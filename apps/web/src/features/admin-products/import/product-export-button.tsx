// "Export CSV": downloads the products matching the list's current filters (the same query parameters
// as the product list; paging and sorting are left out) as the API writes them: UTF-8 with BOM,
// formula-like cells neutralised, the import's own header.
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { productExportQuery } from '@portal/shared/product-import/product-import.schemas';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { DOWNLOAD_FAILED, downloadFile } from './product-import.api';

export type ProductExportFilters = Record<string, string | number | boolean | null | undefined>;

const FILTER_KEYS = Object.keys(productExportQuery.shape);

/** The export's query string: the filters the export takes, empty ones left out. */
export function exportQueryString(filters: ProductExportFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function ProductExportButton({ filters = {} }: { filters?: ProductExportFilters }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const query = exportQueryString(filters);
      await downloadFile(`/admin/products/export.csv${query ? `?${query}` : ''}`, 'products.csv');
    } catch (err) {
      notify.error((err as Error).message || DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void onClick()}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
