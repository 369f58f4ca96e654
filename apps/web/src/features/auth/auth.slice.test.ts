import { describe, expect, it } from 'vitest';
import { resetStores } from '../../app/reset';
import { signInData, STORE, WAREHOUSE } from '../../test/render-app';
import { authReducer, initialAuth, otpRequested, selectWarehouse, sessionRestored, signedIn } from './auth.slice';

const SECOND = { ...WAREHOUSE, D_Addr1: '88 Port Road', D_City: 'Stockton' };
const grant = { module: 'Orders', view: true, add: true, edit: false, delete: false };

describe('auth state', () => {
  it('requesting a code sets otpSent and remembers the address; verifying authenticates and clears otpSent', () => {
    let s = authReducer(initialAuth, otpRequested('retailer@demo.test'));
    expect(s).toMatchObject({ otpSent: true, emailPhone: 'retailer@demo.test' });
    s = authReducer(
      s,
      signedIn(signInData('retailer', { wareHouseDetail: [WAREHOUSE, SECOND], logo: '/logo.png', rolesPermission: [grant] })),
    );
    expect(s).toMatchObject({
      token: 'token-retailer',
      role: 'retailer',
      isAuthenticated: true,
      otpSent: false,
      storeDetail: STORE,
      wareHouseDetail: [WAREHOUSE, SECOND],
      logo: '/logo.png',
      module: [grant],
    });
  });

  it('restore sets permissions, logo, session info, store and a single warehouse (the chosen one)', () => {
    let s = authReducer(initialAuth, signedIn(signInData('retailer', { wareHouseDetail: [WAREHOUSE, SECOND] })));
    s = authReducer(s, selectWarehouse(1));
    s = authReducer(
      s,
      sessionRestored({
        token: 'token-retailer',
        role: 'retailer',
        logo: null,
        rolesPermission: [grant],
        profile: { name: 'Sam Patel', isSessionActive: { currentCustomerId: null } },
        storeDetail: STORE,
        wholeStoreDetail: [WAREHOUSE, SECOND],
      }),
    );
    expect(s.wareHouseDetail).toEqual([SECOND]);
    expect(s.warehouseIndex).toBe(0);
    // A second reload keeps the chosen warehouse, not the list's first.
    const restoredAgain = authReducer(
      s,
      sessionRestored({
        token: 'token-retailer',
        role: 'retailer',
        logo: null,
        rolesPermission: [grant],
        profile: { name: 'Sam Patel', isSessionActive: { currentCustomerId: null } },
        storeDetail: STORE,
        wholeStoreDetail: [WAREHOUSE, SECOND],
      }),
    );
    expect(restoredAgain.wareHouseDetail).toEqual([SECOND]);
    expect(s).toMatchObject({
      module: [grant],
      isSessionActive: { currentCustomerId: null },
      userName: 'Sam Patel',
      isAuthenticated: true,
    });
  });

  it('resetStores empties it', () => {
    const s = authReducer(authReducer(initialAuth, signedIn(signInData('sales'))), resetStores());
    expect(s).toEqual(initialAuth);
  });
});
