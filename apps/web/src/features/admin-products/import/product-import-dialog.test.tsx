// The import dialog's steps against a stubbed API: the file's bytes (CSV or .xlsx) are sent as they are, the
// remembered mapping is preselected and checked before the dry run is asked for, the dry run's counts,
// errors, warnings and changes are shown, Apply follows the progress to the end, and Rollback asks
// first. The export button sends the list's filters only.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DryRunResult, ImportRecord } from '@portal/shared/product-import/product-import.schemas';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { storage } from '../../../lib/storage';
import { exportQueryString } from './product-export-button';
import { ProductImportDialog } from './product-import-dialog';

const HEADER = ['Item_Number', 'Description', 'Price1', 'Notes'];
const record = (extra: Partial<ImportRecord> = {}): ImportRecord => ({
  id: 'imp-1',
  fileName: 'supplier.csv',
  header: HEADER,
  mapping: ['itemNumber', 'description', 'price1Cents', null],
  mappingRemembered: true,
  preview: [['IMP-1', 'Widget Deluxe', '1.50', 'x']],
  rowCount: 8,
  status: 'uploaded',
  processed: 0,
  total: 8,
  counts: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  appliedAt: null,
  rolledBackAt: null,
  ...extra,
});
const DRY_RUN: DryRunResult = {
  total: 8,
  counts: { created: 2, updated: 1, unchanged: 1, rejected: 4 },
  updates: [
    {
      row: 2,
      itemNumber: 'IMP-1',
      changes: [{ field: 'description', label: 'Description', before: 'Widget', after: 'Widget Deluxe' }],
    },
  ],
  errors: [{ row: 7, itemNumber: 'IMP-BAD', reason: 'Price 1 must be a number' }],
  warnings: [{ row: 2, itemNumber: 'IMP-1', field: 'price1Cents', message: 'Price 1 changes by +50.0% (1.00 → 1.50)' }],
};
const FINAL = { created: 2, updated: 1, unchanged: 1, rejected: 4 };
const STOPPED = record({
  id: 'imp-stopped',
  fileName: 'monday.xlsx',
  status: 'failed',
  processed: 3,
  counts: { created: 1, updated: 2, unchanged: 0, rejected: 0 },
  error:
    'The import was interrupted when the server stopped, after 3 of 8 rows: roll it back to undo those rows, or import the file again to finish',
});

interface Call {
  key: string;
  body: string;
  contentType: string | null;
}

/** What the list of recent imports answers. */
let listed: unknown[] = [];

function stubApi(refuseUpload?: string) {
  const calls: Call[] = [];
  let reads = 0;
  const answers: Record<string, () => unknown> = {
    'POST /api/admin/product-imports': () => record(),
    'POST /api/admin/product-imports/imp-1/dry-run': () => DRY_RUN,
    'POST /api/admin/product-imports/imp-1/apply': () => record({ status: 'applying' }),
    'GET /api/admin/product-imports/imp-1': () =>
      ++reads < 2
        ? record({ status: 'applying', processed: 4, counts: { ...FINAL, created: 1 } })
        : record({ status: 'applied', processed: 8, counts: FINAL, appliedAt: '2026-11-26T10:01:00.000Z' }),
    'POST /api/admin/product-imports/imp-1/rollback': () => record({ status: 'rolled_back', processed: 8, counts: FINAL }),
    'GET /api/admin/product-imports': () => ({ items: listed, total: listed.length, page: 1, limit: 5 }),
    'GET /api/admin/product-imports/imp-stopped': () => STOPPED,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      calls.push({ key, body: await request.text(), contentType: request.headers.get('content-type') });
      if (refuseUpload && key === 'POST /api/admin/product-imports') {
        return new Response(
          JSON.stringify({ success: false, message: refuseUpload, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } }),
          {
            status: 415,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      const answer = answers[key];
      if (!answer) return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify({ success: true, message: 'Success', data: answer() }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderDialog() {
  const { store } = createAppStore({ persist: false });
  storage.setAuth('token-1', 'distributor');
  const onClose = vi.fn();
  render(
    <AppProviders store={store} persistor={null}>
      <ProductImportDialog open onClose={onClose} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), onClose };
}

describe('ProductImportDialog', () => {
  it('uploads, maps, dry-runs, applies with progress, and rolls back after confirming', async () => {
    const calls = stubApi();
    const { user } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Import products' })).toBeInTheDocument();

    const csv = 'Item_Number,Description,Price1,Notes\r\nIMP-1,Widget Deluxe,1.50,x\r\n';
    await user.upload(screen.getByLabelText('CSV or Excel file'), new File([csv], 'supplier.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toBeInTheDocument();
    const upload = calls.find((c) => c.key === 'POST /api/admin/product-imports')!;
    expect([upload.body, upload.contentType]).toEqual([csv, 'text/csv']);
    expect(screen.getByText(/matched as the last time a file with these columns was imported/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for Item_Number' })).toHaveTextContent('Item number');
    expect(screen.getByRole('combobox', { name: 'Field for Notes' })).toHaveTextContent('Not imported');

    // Without an item number column the dry run is not asked for.
    await user.click(screen.getByRole('combobox', { name: 'Field for Item_Number' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Not imported' }));
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Map a column to Item number: the file must have it')).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/dry-run'))).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Field for Item_Number' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Item number' }));
    await user.click(screen.getByRole('combobox', { name: 'Field for Notes' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Brand' }));
    await user.click(screen.getByRole('button', { name: 'Dry run' }));

    expect(await screen.findByRole('heading', { name: 'Check the changes' })).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.key.endsWith('/dry-run'))!.body)).toEqual({
      mapping: ['itemNumber', 'description', 'price1Cents', 'brand'],
    });
    const counts = screen.getByLabelText('Counts');
    for (const label of ['2 new', '1 updated', '1 unchanged', '4 rejected'])
      expect(within(counts).getByText(label)).toBeInTheDocument();
    const rejected = screen.getByRole('region', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('row', { name: '7 IMP-BAD Price 1 must be a number' })).toBeInTheDocument();
    const warnings = screen.getByRole('region', { name: 'Warnings' });
    expect(within(warnings).getByText('Price 1 changes by +50.0% (1.00 → 1.50)')).toBeInTheDocument();
    const changes = screen.getByRole('region', { name: 'Changes to existing products' });
    expect(within(changes).getByRole('row', { name: '2 IMP-1 Description Widget → Widget Deluxe' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply 3 changes' }));
    expect(await screen.findByRole('heading', { name: 'Importing…' })).toBeInTheDocument();
    expect(await screen.findByText(/4 of 8 rows done/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');

    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
    expect(screen.getByText('The import is applied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rejected rows (4)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Roll back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll back this import?' });
    expect(confirm).toHaveTextContent(
      'Products it changed (1) get their previous values back. Products it created (2) are removed',
    );
    expect(calls.some((c) => c.key.endsWith('/rollback'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Import rolled back: the products are as they were before it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Roll back' })).not.toBeInTheDocument());
  });

  it('refuses a file over 10 MB before sending it, and shows the server’s refusal of a bad file', async () => {
    const calls = stubApi('Upload a CSV or Excel file (.csv, .xlsx): this file is not one');
    const { user } = renderDialog();
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('CSV or Excel file'), big);
    expect(await screen.findByText('File size must be 10MB or less')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
    await user.upload(screen.getByLabelText('CSV or Excel file'), new File(['%PDF-1.7'], 'prices.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Upload a CSV or Excel file (.csv, .xlsx): this file is not one')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import products' })).toBeInTheDocument();
  });
});

describe('ProductImportDialog: recent imports', () => {
  it('lists the latest imports; an import stopped by a restart opens on its result with Rollback', async () => {
    const calls = stubApi();
    const { id, fileName, rowCount, status, processed, total, counts, error, createdAt, appliedAt, rolledBackAt } = STOPPED;
    listed = [{ id, fileName, rowCount, status, processed, total, counts, error, createdAt, appliedAt, rolledBackAt }];
    const { user } = renderDialog();
    const recent = await screen.findByRole('region', { name: 'Recent imports' });
    const item = within(recent).getByRole('listitem');
    expect(item).toHaveTextContent(/^monday\.xlsxStopped.* · 3 of 8 rows doneOpen$/);
    await user.click(within(recent).getByRole('button', { name: 'Open monday.xlsx' }));
    expect(await screen.findByRole('heading', { name: 'Import stopped' })).toBeInTheDocument();
    expect(screen.getByText(STOPPED.error!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Roll back' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /api/admin/product-imports/imp-stopped');
    listed = [];
  });
});

describe('ProductImportDialog with an Excel workbook', () => {
  it('offers .xlsx files and sends the workbook’s bytes as they are', async () => {
    const calls = stubApi();
    const { user } = renderDialog();
    const input = screen.getByLabelText('CSV or Excel file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
    expect(screen.getByText(/Excel: \.xlsx, its first sheet is read/)).toBeInTheDocument();
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const bytes = 'PK\u0003\u0004[Content_Types].xml';
    await user.upload(input, new File([bytes], 'prices.xlsx', { type: xlsxType }));
    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toBeInTheDocument();
    const upload = calls.find((c) => c.key === 'POST /api/admin/product-imports')!;
    expect([upload.body, upload.contentType]).toEqual([bytes, xlsxType]);
  });
});

describe('exportQueryString', () => {
  it('keeps the list filters the export takes and leaves paging, sorting and empty values out', () => {
    expect(
      exportQueryString({ page: 2, limit: 25, sort: 'price1', search: 'cola', category: '', status: 'active', promoted: true }),
    ).toBe('search=cola&status=active&promoted=true');
  });
});
