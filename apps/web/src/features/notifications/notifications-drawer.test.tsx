// The retailer's bell and drawer through the real app (routes, store, header), the API answered by a
// table and the live stream by a stand-in of @microsoft/fetch-event-source that the test drives.
import { act, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_MESSAGES as M, type NotificationItem } from '@portal/shared/notifications/notifications.schemas';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { item } from './notifications-test-data';

interface StreamOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  onopen(r: Response): Promise<void>;
  onmessage(m: { event: string; data: string }): void;
}
const streams: { url: string; options: StreamOptions }[] = [];
vi.mock('@microsoft/fetch-event-source', () => ({
  EventStreamContentType: 'text/event-stream',
  fetchEventSource: (url: string, options: StreamOptions) => {
    streams.push({ url, options });
    return new Promise<void>((resolve) => options.signal.addEventListener('abort', () => resolve()));
  },
}));

const listOf = (notifications: NotificationItem[]) =>
  ok({ notifications, unreadCount: notifications.filter((n) => !n.isRead).length });

const bell = () => screen.findByRole('button', { name: /^Notifications, \d+ unread$/ });

async function openDrawer(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notifications bell and drawer', () => {
  beforeAll(async () => {
    await import('./notifications-drawer');
    await import('./notifications-bell');
  });
  beforeEach(() => {
    streams.length = 0;
  });

  it('shows the unread count, at most 99, on the retailer bell', async () => {
    const many = Array.from({ length: 120 }, (_, i) => item(`n${i}`));
    mockApi({ 'GET /retailer/notificationList': listOf(many) });
    renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    // The first render of the signed-in frame loads its lazy chunks: slow on a busy machine.
    expect(await screen.findByRole('button', { name: 'Notifications, 99 unread', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('99');
  });

  it('has tabs All, Unread and Read, and says No notifications yet when a tab is empty', async () => {
    mockApi({
      'GET /retailer/notificationList': listOf([
        item('a', { title: 'Summer drinks are in', description: 'Twelve new flavours' }),
        item('b', { title: 'Route 4 runs late', isRead: true, createdAt: '2026-01-05T10:00:00.000Z' }),
      ]),
    });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
    const drawer = await openDrawer(user);
    const tabs = within(drawer)
      .getAllByRole('tab')
      .map((t) => t.getAttribute('aria-label'));
    expect(tabs).toEqual(['All', 'Unread', 'Read']);
    expect(within(drawer).getByText('Summer drinks are in')).toBeInTheDocument();
    expect(within(drawer).getByText('Twelve new flavours')).toBeInTheDocument();
    expect(within(drawer).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(drawer).getByText('Jan 05, 2026')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: 'Unread' }));
    expect(within(drawer).queryByText('Route 4 runs late')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: 'Read' }));
    expect(within(drawer).getByText('Route 4 runs late')).toBeInTheDocument();
    expect(within(drawer).queryByText('Summer drinks are in')).not.toBeInTheDocument();
  });

  it('says No notifications yet on an empty inbox', async () => {
    mockApi({ 'GET /retailer/notificationList': listOf([]) });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText(M.empty)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: 'Delete all' })).toBeDisabled();
  });

  it('marks one read (count down by one) and all read (count 0) with the spec toasts', async () => {
    const { calls } = mockApi({
      'GET /retailer/notificationList': listOf([item('a', { title: 'First' }), item('b', { title: 'Second' }), item('c')]),
      'GET /retailer/readNotification/a': ok(null, 'Marked as read'),
      'GET /retailer/readAllNotification': ok(null, 'All notifications marked as read'),
    });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread', hidden: true })).toBeInTheDocument();
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Mark First as read' }));
    await waitFor(() => expect(screen.getAllByText(M.markedRead)).toHaveLength(2)); // the toast, and the drawer's live region
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Mark First as read' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getAllByText(M.allMarkedRead)).toHaveLength(2)); // the toast, and the drawer's live region
    // The page behind the open drawer (the toasts too) is hidden from screen readers: the drawer says it.
    expect(within(drawer).getByRole('log')).toHaveTextContent(M.allMarkedRead);
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(
      expect.arrayContaining(['GET /retailer/readNotification/a', 'GET /retailer/readAllNotification']),
    );
  });

  it("undoes a refused change and toasts the server's message, else the spec's", async () => {
    mockApi({
      'GET /retailer/notificationList': listOf([item('a', { title: 'First' }), item('b', { title: 'Second' })]),
      'GET /retailer/readNotification/a': fail(404, M.notFound, 'NOT_FOUND'),
      'GET /retailer/deleteNotification/b': { status: 500, body: {} },
    });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Mark First as read' }));
    await waitFor(() => expect(screen.getAllByText(M.notFound)).toHaveLength(2)); // the toast, and the drawer's live region
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Delete Second' }));
    await waitFor(() => expect(screen.getAllByText(M.deleteFailed)).toHaveLength(2)); // the toast, and the drawer's live region
    expect(within(drawer).getByText('Second')).toBeInTheDocument();
  });

  it('deletes one, and all after a confirmation', async () => {
    const { calls } = mockApi({
      'GET /retailer/notificationList': listOf([item('a', { title: 'First' }), item('b', { title: 'Second', isRead: true })]),
      'GET /retailer/deleteNotification/a': ok(null, 'Notification deleted'),
      'GET /retailer/deleteAllNotification': ok(null, 'All notifications deleted'),
    });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Delete First' }));
    await waitFor(() => expect(screen.getAllByText(M.deleted)).toHaveLength(2)); // the toast, and the drawer's live region
    expect(within(drawer).queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Delete all' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete all notifications' });
    expect(calls.some((c) => c.key === 'GET /retailer/deleteAllNotification')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(screen.getAllByText(M.allDeleted)).toHaveLength(2)); // the toast, and the drawer's live region
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete all notifications' })).not.toBeInTheDocument());
    expect(within(drawer).getByText(M.empty)).toBeInTheDocument();
  });

  it('opens the page a notification links to and marks it read', async () => {
    const { calls } = mockApi({
      'GET /retailer/notificationList': listOf([item('a', { title: 'Order 100001 shipped', url: '/retailer/policies/x' })]),
      'GET /retailer/readNotification/a': ok(null, 'Marked as read'),
    });
    const { user, router } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Open Order 100001 shipped' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/retailer/policies/x'));
    expect(calls.some((c) => c.key === 'GET /retailer/readNotification/a')).toBe(true);
  });

  it('listens to the stream with the bearer token: a new one goes on top, a changed count refetches', async () => {
    let answer = [item('a', { title: 'Old one', isRead: true })];
    const { calls } = mockApi({ 'GET /retailer/notificationList': () => listOf(answer) });
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    expect(stream.url).toMatch(/\/api\/retailer\/notifications\/stream$/);
    expect(stream.options.headers.authorization).toBe('Bearer token-retailer');
    await act(async () => {
      await stream.options.onopen(new Response('', { headers: { 'content-type': 'text/event-stream' } }));
      stream.options.onmessage({ event: 'notification', data: JSON.stringify(item('new', { title: 'Fresh news' })) });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
    const drawer = await openDrawer(user);
    const titles = within(drawer)
      .getAllByTestId('notification-title')
      .map((t) => t.textContent);
    expect(titles).toEqual(['Fresh news', 'Old one']);

    // Read elsewhere: the count differs from ours, so the list is fetched again.
    const before = calls.filter((c) => c.key === 'GET /retailer/notificationList').length;
    answer = [item('new', { title: 'Fresh news', isRead: true }), item('a', { title: 'Old one', isRead: true })];
    act(() => stream.options.onmessage({ event: 'changed', data: '{"unreadCount":0}' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread', hidden: true })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /retailer/notificationList').length).toBe(before + 1);
  });

  it('makes no notification calls and shows no bell for other roles', async () => {
    const { calls } = mockApi({});
    renderApp('/sales/policies', { signedInAs: signInData('sales') });
    await screen.findByRole('heading', { name: 'Policies' });
    expect(screen.queryByRole('button', { name: /^Notifications,/ })).not.toBeInTheDocument();
    renderApp('/admin/policies', { signedInAs: signInData('distributor') });
    await screen.findAllByRole('heading', { name: 'Policies' });
    expect(calls.some((c) => c.key.includes('/retailer/notification'))).toBe(false);
    expect(streams).toHaveLength(0);
  });
});
