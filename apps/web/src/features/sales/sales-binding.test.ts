import type { FetchArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { bindSalesRequest, contextChangedCustomerId } from './sales-binding';

const customer = { id: 'cust-10001', C_Number: '10001' };
const headersOf = (r: ReturnType<typeof bindSalesRequest>) => {
  if ('error' in r) throw new Error('refused');
  return Object.fromEntries(new Headers(r.headers as HeadersInit).entries());
};
const sent = (r: ReturnType<typeof bindSalesRequest>): FetchArgs => {
  if ('error' in r) throw new Error('refused');
  return r;
};

describe('sales customer binding', () => {
  it('sends the retailer cart calls as the sales cart calls with both customer headers', () => {
    const get = bindSalesRequest({ url: '/retailer/cart/items' }, customer);
    expect(sent(get).url).toBe('/sales/cartItem/cust-10001');
    expect(headersOf(get)).toEqual({ 'x-customer-id': 'cust-10001', 'x-customer-number': '10001' });

    const add = bindSalesRequest({ url: '/retailer/cart/add', method: 'POST', body: { productId: 'p1', quantity: 2 } }, customer);
    expect(sent(add)).toMatchObject({
      url: '/sales/addToCart/cust-10001',
      method: 'POST',
      body: { productId: 'p1', quantity: 2 },
    });
    expect(
      sent(bindSalesRequest({ url: '/retailer/cart/items/p%2F1', method: 'PUT', body: { quantity: 3 } }, customer)).url,
    ).toBe('/sales/cartItem/p%2F1');
    expect(sent(bindSalesRequest({ url: '/retailer/cart/items/p1', method: 'DELETE' }, customer)).url).toBe('/sales/cartItem/p1');
    expect(sent(bindSalesRequest({ url: '/retailer/cart/clear', method: 'DELETE' }, customer)).url).toBe(
      '/sales/clearCart/cust-10001',
    );
    expect(sent(bindSalesRequest({ url: '/retailer/deliveryCharge' }, customer)).url).toBe('/sales/deliveryCharge/cust-10001');
  });

  it('keeps the order headers and adds the customer on placement', () => {
    const place = bindSalesRequest(
      { url: '/retailer/placeOrder', method: 'POST', body: {}, headers: { 'is-web-order': 'true', 'Idempotency-Key': 'k-1' } },
      customer,
    );
    expect(sent(place).url).toBe('/sales/placeOrder/cust-10001');
    expect(headersOf(place)).toEqual({
      'is-web-order': 'true',
      'idempotency-key': 'k-1',
      'x-customer-id': 'cust-10001',
      'x-customer-number': '10001',
    });
  });

  it('maps catalogue, history, PDF and receivables to their sales paths with x-customer-id only', () => {
    const inventory = bindSalesRequest({ url: '/retailer/getInventory', method: 'POST', body: { page: 1 } }, customer);
    expect(sent(inventory).url).toBe('/sales/getInventoryItems/cust-10001');
    expect(headersOf(inventory)).toEqual({ 'x-customer-id': 'cust-10001' });

    const history = sent(
      bindSalesRequest({ url: '/retailer/orderHistory', params: { page: 2, limit: 10, search: 'x' } }, customer),
    );
    expect(history).toMatchObject({ url: '/sales/orderHistory/cust-10001', params: { page: 2, pageSize: 10, search: 'x' } });
    expect(history.params).not.toHaveProperty('limit');

    expect(
      sent(bindSalesRequest({ url: '/retailer/orderHistoryByOrderNumber/100001', params: { page: 1, limit: 50 } }, customer)),
    ).toMatchObject({
      url: '/sales/orderHistoryByOrderNumber/100001',
      params: { page: 1, limit: 50 },
    });
    expect(
      sent(bindSalesRequest({ url: '/retailer/orderHistoryByProductNumber/A%20B', params: { page: 1 } }, customer)),
    ).toMatchObject({
      url: '/sales/orderHistoryByProductNumber',
      params: { page: 1, productNumber: 'A B', customerId: 'cust-10001' },
    });
    expect(sent(bindSalesRequest({ url: '/retailer/orderDeliveryStatus/100001' }, customer)).url).toBe(
      '/sales/orderDeliveryStatus/100001',
    );
    expect(sent(bindSalesRequest({ url: '/retailer/orderNotes/100001' }, customer)).url).toBe('/sales/orderNotes/100001');
    expect(
      sent(bindSalesRequest({ url: '/retailer/orderNotes/100001', method: 'POST', body: { text: 'Hi' } }, customer)).url,
    ).toBe('/sales/orderNotes/100001');
    expect(sent(bindSalesRequest({ url: '/retailer/orderedProducts', method: 'POST' }, customer)).url).toBe(
      '/sales/orderedProducts/cust-10001',
    );
    expect(sent(bindSalesRequest({ url: '/retailer/accountReceivable', params: { page: 1 } }, customer)).url).toBe(
      '/sales/accountReceivable/cust-10001',
    );
    const warehouse = bindSalesRequest({ url: '/retailer/warehouseProfile' }, null);
    expect(sent(warehouse).url).toBe('/sales/warehouseProfile');
  });

  it('names the customer on the dashboard shelves, top products and banners', () => {
    const shelf = bindSalesRequest({ url: '/dashboard/newItem', params: { role: 'sales', customerNumber: '10001' } }, customer);
    expect(sent(shelf)).toMatchObject({ url: '/dashboard/newItem', params: { role: 'sales', customerNumber: '10001' } });
    expect(headersOf(shelf)).toEqual({ 'x-customer-id': 'cust-10001' });
    expect(headersOf(bindSalesRequest({ url: '/dashboard/topProductForSales' }, customer))).toEqual({
      'x-customer-id': 'cust-10001',
    });
    expect(headersOf(bindSalesRequest({ url: '/sales/bannerList' }, customer))).toEqual({ 'x-customer-id': 'cust-10001' });
    // Without a customer the banners are still asked for, without the header.
    expect(sent(bindSalesRequest({ url: '/sales/bannerList' }, null)).headers).toBeUndefined();
  });

  it('refuses every customer call without a selected customer with Customer ID not found, sending nothing', () => {
    for (const args of [
      { url: '/retailer/cart/items' },
      { url: '/retailer/cart/add', method: 'POST' },
      { url: '/retailer/cart/items/p1', method: 'PUT' },
      { url: '/retailer/cart/clear', method: 'DELETE' },
      { url: '/retailer/placeOrder', method: 'POST' },
      { url: '/retailer/getInventory', method: 'POST' },
      { url: '/sales/cartItem/cust-10001' },
    ]) {
      expect(bindSalesRequest(args, null)).toEqual({
        error: {
          status: 400,
          data: { success: false, message: 'Customer ID not found', error: { code: 'CUSTOMER_ID_NOT_FOUND' } },
        },
      });
    }
  });

  it('leaves the rep’s own calls alone and refuses retailer-only calls', () => {
    expect(bindSalesRequest({ url: '/sales/customerList' }, customer)).toEqual({ url: '/sales/customerList' });
    expect(bindSalesRequest({ url: '/auth/logout', method: 'POST' }, null)).toEqual({ url: '/auth/logout', method: 'POST' });
    const refused = bindSalesRequest({ url: '/retailer/notificationList' }, customer);
    expect('error' in refused && refused.error.status).toBe(400);
  });

  it('reads the customer id of a 409 answer only', () => {
    const body = {
      success: false,
      message: 'Customer context changed. Please refresh.',
      data: { currentCustomerId: 'cust-10002', currentCustomerNumber: '10002' },
    };
    expect(contextChangedCustomerId({ status: 409, data: body })).toBe('cust-10002');
    expect(contextChangedCustomerId({ status: 400, data: body })).toBeNull();
    expect(contextChangedCustomerId({ status: 409, data: { message: 'x' } })).toBeNull();
    expect(contextChangedCustomerId(undefined)).toBeNull();
  });
});
