import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { downloadOrderPdf } from '../orders/orders.api';

// jsdom has no object URLs: the download hands the blob to one.
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  Object.assign(URL, objectUrls);
  vi.restoreAllMocks();
});

describe('order PDF for a sales rep', () => {
  it('asks GET /sales/orderPdf/{customerId} with x-customer-id, and the retailer path otherwise', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push({ url, headers: init.headers as Record<string, string> });
        return new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    storage.setAuth('token-sales', 'sales');

    await downloadOrderPdf('101200', true, 'cust-10001');
    await downloadOrderPdf('101200', false);

    expect(requests[0]).toEqual({
      url: '/api/sales/orderPdf/cust-10001?orderNumber=101200&hasPrice=true',
      headers: { authorization: 'Bearer token-sales', 'x-customer-id': 'cust-10001' },
    });
    expect(requests[1]!.url).toBe('/api/retailer/orderPdf?orderNumber=101200&hasPrice=false');
    expect(requests[1]!.headers).not.toHaveProperty('x-customer-id');
  });
});
