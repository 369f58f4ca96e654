// /admin/notifications: the history grid (server paging, sort, search, status and kind filters in the
// URL, read counts, cancel of a scheduled one after a confirmation), the composer's validation messages
// and audience count, and the grants that gate New notification and Cancel.
import { screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_MESSAGES as M } from '@portal/shared/notifications/notifications.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { type composerBody, composerSchema, emptyComposer } from './notification-composer';
import { sent } from './notifications-test-data';

const paged = (items: unknown[], total = items.length) => ok({ items, total, page: 1, limit: 25 });
const grant = (extra: Record<string, boolean> = {}) => ({
  module: 'Notifications',
  view: true,
  add: false,
  edit: false,
  delete: false,
  ...extra,
});

describe('/admin/notifications', () => {
  beforeAll(async () => {
    await import('./notifications-page');
  });

  it('lists what was sent with read counts, and keeps status, kind, sort and search in the URL', async () => {
    const { calls } = mockApi({
      'GET /admin/notifications': paged(
        [sent('s1', { title: 'Summer drinks' }), sent('s2', { title: 'Route 4 late', status: 'scheduled', sentAt: null })],
        2,
      ),
    });
    const { user, router } = renderApp('/admin/notifications', { signedInAs: signInData('distributor') });
    const grid = await screen.findByRole('grid', { name: 'Sent notifications' });
    expect(await within(grid).findByText('Summer drinks')).toBeInTheDocument();
    expect(within(grid).getAllByText('5 of 12 (42%)')).toHaveLength(2);
    expect(within(grid).getByText('Scheduled')).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.key === 'GET /admin/notifications').map((c) => c.url.search);
    expect(lists()).toEqual(['?page=1&limit=25&sort=sendAt&dir=desc&status=all&kind=all']);

    await user.click(screen.getByRole('button', { name: 'Scheduled' }));
    await waitFor(() => expect(lists().at(-1)).toBe('?page=1&limit=25&sort=sendAt&dir=desc&status=scheduled&kind=all'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'orderStatus');
    await waitFor(() => expect(lists().at(-1)).toContain('status=scheduled&kind=orderStatus'));
    await user.type(screen.getByLabelText('Search notifications'), 'drinks');
    await waitFor(() => expect(lists().at(-1)).toContain('search=drinks'));
    await user.click(within(grid).getByRole('columnheader', { name: 'Recipients' }));
    await waitFor(() => expect(lists().at(-1)).toContain('sort=recipients'));
    expect(router.state.location.search).toContain('status=scheduled');
    expect(router.state.location.search).toContain('kind=orderStatus');
  });

  it('cancels a scheduled notification after a confirmation (edit grant)', async () => {
    const { calls } = mockApi({
      'GET /admin/notifications': paged([sent('s2', { title: 'Route 4 late', status: 'scheduled', sentAt: null })]),
      'POST /admin/notifications/s2/cancel': ok(sent('s2', { status: 'cancelled' }), M.cancelled),
    });
    const { user } = renderApp('/admin/notifications', { signedInAs: signInData('distributor') });
    await user.click(await screen.findByRole('button', { name: 'Cancel Route 4 late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel scheduled notification' });
    expect(calls.some((c) => c.key === 'POST /admin/notifications/s2/cancel')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel notification' }));
    expect(await screen.findByText(M.cancelled)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/notifications/s2/cancel')).toBe(true);
  });

  it('offers neither New notification nor Cancel to a view-only role', async () => {
    mockApi({ 'GET /admin/notifications': paged([sent('s2', { title: 'Route 4 late', status: 'scheduled', sentAt: null })]) });
    renderApp('/admin/notifications', { signedInAs: signInData('distributor', { rolesPermission: [grant()] }) });
    const grid = await screen.findByRole('grid', { name: 'Sent notifications' });
    expect(await within(grid).findByText('Route 4 late')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New notification' })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Cancel Route 4 late' })).not.toBeInTheDocument();
  });

  it("shows the composer's validation messages and sends nothing until they are fixed", async () => {
    const { calls } = mockApi({
      'GET /admin/notifications': paged([]),
      'GET /admin/notifications/audience': ok({ recipients: 14 }),
    });
    const { user } = renderApp('/admin/notifications', { signedInAs: signInData('distributor') });
    await user.click((await screen.findAllByRole('button', { name: 'New notification' }))[0]!);
    const form = await screen.findByRole('form', { name: 'New notification' });
    expect(await within(form).findByText('Reaches', { exact: false })).toHaveTextContent('Reaches 14 recipients');
    await user.type(within(form).getByLabelText(/^Link/), 'https://example.test');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await within(form).findByText(M.titleRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.bodyRequired)).toBeInTheDocument();
    expect(within(form).getByText('The link must be a page of the retailer area')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/notifications')).toBe(false);
  });

  it('sends to an order day with the count preview, and schedules for later', async () => {
    const { calls } = mockApi({
      'GET /admin/notifications': paged([]),
      'GET /admin/notifications/audience': (_b, url) =>
        ok({ recipients: url.searchParams.get('audienceType') === 'orderDays' ? 3 : 14 }),
      'POST /admin/notifications': (body) => ok(sent('new'), (body as { sendAt?: string }).sendAt ? M.scheduled : M.sent),
    });
    const { user } = renderApp('/admin/notifications', { signedInAs: signInData('distributor') });
    await user.click((await screen.findAllByRole('button', { name: 'New notification' }))[0]!);
    const form = await screen.findByRole('form', { name: 'New notification' });
    await user.type(within(form).getByLabelText(/^Title/), 'Order before noon');
    await user.type(within(form).getByLabelText(/^Message/), 'Cut-off moves to 12:00 this week.');
    await user.click(within(form).getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByRole('option', { name: 'Stores with order days' }));
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await within(form).findByText(M.audienceValuesRequired)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Wed' }));
    await waitFor(() => expect(within(form).getByTestId('audience-count')).toHaveTextContent('Reaches 3 recipients'));
    expect(
      calls
        .filter((c) => c.key === 'GET /admin/notifications/audience')
        .at(-1)!
        .url.searchParams.get('audienceValues'),
    ).toBe('3');
    await user.click(within(form).getByRole('button', { name: 'Later' }));
    const at = new Date(Date.now() + 86_400_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await user.type(within(form).getByLabelText(/^Send at/), local);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(M.scheduled)).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'POST /admin/notifications')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Order before noon',
      body: 'Cut-off moves to 12:00 this week.',
      audienceType: 'orderDays',
      audienceValues: ['3'],
    });
    expect(Math.abs(Date.parse(body.sendAt as string) - at.getTime())).toBeLessThan(60_000);
    expect(body).not.toHaveProperty('url');
  });
});

describe('composer schema', () => {
  const now = () => Date.parse('2026-11-27T12:00:00.000Z');
  const issues = (values: Parameters<typeof composerBody>[0]) => {
    const r = composerSchema(now).safeParse(values);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const filled = { ...emptyComposer(), title: 'Hello', body: 'World' };

  it('uses the shared messages', () => {
    expect(issues(emptyComposer())).toEqual({ title: M.titleRequired, body: M.bodyRequired });
    expect(issues({ ...filled, title: 'x'.repeat(121) })).toEqual({ title: M.titleTooLong });
    expect(issues({ ...filled, audienceType: 'routes' })).toEqual({ audienceValues: M.audienceValuesRequired });
    expect(issues({ ...filled, when: 'schedule' })).toEqual({ sendAt: M.badDate });
    expect(issues({ ...filled, when: 'schedule', sendAt: '2026-11-27T11:00' })).toEqual({ sendAt: M.scheduleInPast });
    expect(issues({ ...filled, url: '/retailer/order' })).toEqual({});
  });
});
