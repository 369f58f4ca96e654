// /admin/permissions…: the roles grid of a role (cells, rows, columns; saving, with a confirmation when
// permissions are taken away), the owner's read-only grid, the roles list asking the server, the menu
// and route guard following the grants, and "View as this role" with its banner and Exit.
import { screen, waitFor, within } from '@testing-library/react';
import { emptyGrant, ownerGrants, type Grant } from '@portal/shared/auth/permissions';
import { fullGrants, type RoleDetail, type RoleRow } from '@portal/shared/permissions/permissions.schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

/** The first visit loads the admin chunk (lazy), which takes a while on a busy machine. */
const SLOW = { timeout: 60_000 };

const owner = () => signInData('distributor', { rolesPermission: ownerGrants() });

const role = (grants: Grant[], extra: Partial<RoleDetail> = {}): RoleDetail => ({
  id: 'role-clerk',
  name: 'Order clerk',
  description: 'Takes orders by phone',
  kind: 'staff',
  isOwner: false,
  isSystem: false,
  userCount: 2,
  moduleCount: grants.filter((g) => g.view).length,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: null,
  grants: fullGrants('staff', grants),
  ...extra,
});

const clerk = () => role([{ ...emptyGrant('Orders'), view: true }]);

describe('/admin/permissions/roles/:id: the grid of modules × actions', () => {
  it('ticks a cell (with its view), saves the grants and says so', async () => {
    const { calls } = mockApi({
      'GET /admin/permissions/roles/role-clerk': () => ok(clerk()),
      'PUT /admin/permissions/roles/role-clerk/grants': (body) =>
        ok(role((body as { grants: Grant[] }).grants, { updatedAt: '2026-03-03T10:00:00.000Z' }), 'Permissions saved'),
    });
    const { user } = renderApp('/admin/permissions/roles/role-clerk', { signedInAs: owner() });
    const table = await screen.findByRole('table', { name: 'Permissions of Order clerk' }, SLOW);
    expect(within(table).getByRole('checkbox', { name: 'Orders: View' })).toBeChecked();
    expect(within(table).getByLabelText('Dashboard has no Approve')).toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Retailers: Edit' }));
    expect(within(table).getByRole('checkbox', { name: 'Retailers: View' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));

    await screen.findByText('Permissions saved', {}, SLOW);
    const put = calls.find((c) => c.key === 'PUT /admin/permissions/roles/role-clerk/grants')!;
    const sent = (put.body as { grants: Grant[] }).grants.filter((g) => g.view);
    expect(sent).toEqual([
      { ...emptyGrant('Retailers'), view: true, edit: true },
      { ...emptyGrant('Orders'), view: true },
    ]);
  });

  it('selects a whole row and a whole column', async () => {
    mockApi({ 'GET /admin/permissions/roles/role-clerk': () => ok(clerk()) });
    const { user } = renderApp('/admin/permissions/roles/role-clerk', { signedInAs: owner() });
    const table = await screen.findByRole('table', { name: 'Permissions of Order clerk' }, SLOW);

    await user.click(within(table).getByRole('checkbox', { name: 'Every action on Orders' }));
    for (const action of ['View', 'Edit', 'Export']) {
      expect(within(table).getByRole('checkbox', { name: `Orders: ${action}` })).toBeChecked();
    }
    await user.click(within(table).getByRole('checkbox', { name: 'Export on every module' }));
    expect(within(table).getByRole('checkbox', { name: 'Products: Export' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Reports: Export' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Export on every module' })).toBeChecked();
    await user.click(within(table).getByRole('checkbox', { name: 'Export on every module' }));
    expect(within(table).getByRole('checkbox', { name: 'Orders: Export' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Orders: View' })).toBeChecked();
  });

  it('asks before taking permissions away, and saves nothing on Cancel', async () => {
    const { calls } = mockApi({ 'GET /admin/permissions/roles/role-clerk': () => ok(clerk()) });
    const { user } = renderApp('/admin/permissions/roles/role-clerk', { signedInAs: owner() });
    const table = await screen.findByRole('table', { name: 'Permissions of Order clerk' }, SLOW);
    await user.click(within(table).getByRole('checkbox', { name: 'Orders: View' }));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Take permissions away?' });
    expect(
      within(dialog).getByText('Users with Order clerk lose these permissions from their next request:'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Orders: View')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('shows the owner role full and read-only', async () => {
    mockApi({
      'GET /admin/permissions/roles/role-owner': () =>
        ok(role(ownerGrants(), { id: 'role-owner', name: 'Administrator', isOwner: true, isSystem: true })),
    });
    renderApp('/admin/permissions/roles/role-owner', { signedInAs: owner() });
    const table = await screen.findByRole('table', { name: 'Permissions of Administrator' }, SLOW);
    const boxes = within(table).getAllByRole('checkbox');
    expect(boxes.every((b) => (b as HTMLInputElement).checked && (b as HTMLInputElement).disabled)).toBe(true);
    expect(screen.getByText('The owner role holds every permission on every module and cannot be reduced.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });
});

describe('/admin/permissions: roles list, menu, guard and preview', () => {
  // A desktop window: the docked sidebar (the overlay drawer of smaller screens mounts on opening).
  const setViewport = (width: number, height: number) => Object.assign(window, { innerWidth: width, innerHeight: height });
  beforeEach(() => setViewport(1440, 900));
  afterEach(() => setViewport(1024, 768));
  const row = (r: RoleDetail): RoleRow => {
    const { grants: _grants, ...rest } = r;
    return rest;
  };

  it('lists the roles the server answers, searching through the server', async () => {
    const { calls } = mockApi({
      'GET /admin/permissions/roles': () => ok({ items: [row(clerk())], total: 1, page: 1, limit: 25 }),
    });
    const { user } = renderApp('/admin/permissions', { signedInAs: owner() });
    const grid = await screen.findByRole('grid', { name: 'Roles' }, SLOW);
    expect(await within(grid).findByText('Order clerk')).toBeInTheDocument();
    expect(screen.getByText('1 role')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Search roles'), 'clerk');
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /admin/permissions/roles').at(-1)?.url.search).toBe(
        '?page=1&limit=25&sort=name&dir=asc&kind=all&search=clerk',
      ),
    );
  });

  it('a user without User Management sees no menu item and is sent from the page to the dashboard', async () => {
    mockApi({});
    const { router } = renderApp('/admin/permissions', {
      signedInAs: signInData('distributor', { rolesPermission: [{ ...emptyGrant('Orders'), view: true }] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), SLOW);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(within(nav).queryByText('User Management')).not.toBeInTheDocument();
    expect(within(nav).getByText('Orders')).toBeInTheDocument();
  });

  it('"View as this role" shows the role’s menu and guards with a banner; Exit returns to the role', async () => {
    mockApi({ 'GET /admin/permissions/roles/role-clerk': () => ok(clerk()) });
    const { user, router } = renderApp('/admin/permissions/view/role-clerk', { signedInAs: owner() });
    await user.click(await screen.findByRole('button', { name: 'View as this role' }, SLOW));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const banner = await screen.findByTestId('role-preview-banner', {}, SLOW);
    expect(banner).toHaveTextContent('Viewing as Order clerk');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(within(nav).getByText('Orders')).toBeInTheDocument();
    expect(within(nav).queryByText('Products')).not.toBeInTheDocument();
    expect(within(nav).queryByText('User Management')).not.toBeInTheDocument();

    await router.navigate('/admin/products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));

    // the page changed under the frame: find the banner again
    await user.click(within(await screen.findByTestId('role-preview-banner')).getByRole('button', { name: 'Exit preview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/permissions/view/role-clerk'));
    expect(screen.queryByTestId('role-preview-banner')).not.toBeInTheDocument();
  });
});
