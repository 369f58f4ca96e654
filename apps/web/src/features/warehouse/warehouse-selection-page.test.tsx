// /warehouse-selection lists every warehouse of the distributor, also after a reload (when the
// session keeps only the warehouse in use), and the choice is the one the app then uses.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, STORE, WAREHOUSE } from '../../test/render-app';

const SECOND = { ...WAREHOUSE, D_Name: 'Golden State Wholesale — Stockton', D_Addr1: '88 Port Road', D_City: 'Stockton' };

describe('warehouse selection', () => {
  it('lists both warehouses although the restored session holds one, and uses the one chosen', async () => {
    mockApi({
      'GET /auth/profile': ok({
        token: 'token-retailer',
        role: 'retailer',
        logo: null,
        rolesPermission: [],
        profile: { name: 'Sam Patel', isSessionActive: { currentCustomerId: null } },
        storeDetail: STORE,
        wholeStoreDetail: [WAREHOUSE, SECOND],
      }),
    });
    const { store, user, router } = renderApp('/warehouse-selection', {
      signedInAs: signInData('retailer', { wareHouseDetail: [WAREHOUSE] }),
    });
    const second = await screen.findByRole('radio', { name: SECOND.D_Name });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: WAREHOUSE.D_Name })).toBeChecked();
    await user.click(second);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/retailer/dashboard'));
    const auth = store.getState().auth;
    expect(auth.wareHouseDetail[auth.warehouseIndex]).toEqual(SECOND);
  });
});
