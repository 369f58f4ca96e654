// The office's login devices (docs/login-devices.md): every live session of the distributor's users,
// paged, sorted and filtered on the server; sign-out of one session, of a user's or of a store's.
// A sign-out also refreshes the store's or user's History ('Audit') and the own-devices lists.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { LoginDeviceChoices, LoginDeviceList, SignOutResult } from '@portal/shared/devices/login-devices.schemas';
import { api } from '../../lib/api';

export const LOGIN_DEVICES_FAILED = 'Failed to fetch login devices';
export const SIGN_OUT_FAILED = 'Failed to sign out';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

/** What a sign-out ends: one session, every session of a user, or of a store's users. */
export type SignOutScope =
  { kind: 'session'; sessionId: string } | { kind: 'user'; userId: string } | { kind: 'retailer'; customerId: string };

function signOutRequest(scope: SignOutScope) {
  switch (scope.kind) {
    case 'session':
      return { url: `/admin/login-devices/${encodeURIComponent(scope.sessionId)}`, method: 'DELETE' };
    case 'user':
      return { url: `/admin/login-devices/users/${encodeURIComponent(scope.userId)}/sign-out`, method: 'POST' };
    case 'retailer':
      return { url: `/admin/login-devices/retailers/${encodeURIComponent(scope.customerId)}/sign-out`, method: 'POST' };
  }
}

export const adminLoginDevicesApi = api.enhanceEndpoints({ addTagTypes: ['LoginDevices', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `params`: the list's query string (login-devices-view.ts builds it). */
    getLoginDevices: build.query<LoginDeviceList, string>({
      query: (params) => `/admin/login-devices?${params}`,
      transformResponse: unwrap<LoginDeviceList>,
      providesTags: ['LoginDevices'],
    }),
    getLoginDeviceChoices: build.query<LoginDeviceChoices, void>({
      query: () => '/admin/login-devices/choices',
      transformResponse: unwrap<LoginDeviceChoices>,
      providesTags: ['LoginDevices'],
    }),
    signOutLoginDevices: build.mutation<SuccessEnvelope<SignOutResult>, SignOutScope>({
      query: signOutRequest,
      invalidatesTags: (_r, error) => (error ? [] : ['LoginDevices', 'Devices', 'Audit']),
    }),
  }),
});

export const { useGetLoginDevicesQuery, useGetLoginDeviceChoicesQuery, useSignOutLoginDevicesMutation } = adminLoginDevicesApi;
