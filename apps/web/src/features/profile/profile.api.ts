// The signed-in user's own profile (retailer: user and store; distributor user: user, role and
// distributor) and password change (POST /{area}/changePassword; the sales area's has the same body);
// the retailer's own signed-in devices (GET /retailer/devices, DELETE /retailer/devices/{sessionId}).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  DistributorProfile,
  RetailerProfile,
  SetPasswordBody,
  UpdateProfileBody,
} from '@portal/shared/profile/profile.schemas';
import type { Device } from '@portal/shared/sales/devices.schemas';
import type { ChangePasswordBody } from '@portal/shared/sales/sales.schemas';
import { api } from '../../lib/api';

export type PasswordArea = 'retailer' | 'admin' | 'sales';

export const PROFILE_FAILED = 'Failed to fetch profile';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password';
export const SAVE_PROFILE_FAILED = 'Failed to save your details';
export const SET_PASSWORD_FAILED = 'Failed to set your password';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRetailerProfile: build.query<RetailerProfile, void>({
      query: () => '/retailer/profile',
      transformResponse: unwrap<RetailerProfile>,
      providesTags: ['Profile'],
    }),
    getDistributorProfile: build.query<DistributorProfile, void>({
      query: () => '/admin/profile',
      transformResponse: unwrap<DistributorProfile>,
      providesTags: ['Profile'],
    }),
    /** PUT /admin/profile: a staff user's own name, e-mail and phone; the answer is the new profile. */
    updateDistributorProfile: build.mutation<SuccessEnvelope<DistributorProfile>, UpdateProfileBody>({
      query: (body) => ({ url: '/admin/profile', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(profileApi.util.upsertQueryData('getDistributorProfile', undefined, data.data));
      },
    }),
    /** POST /admin/setPassword: an invited staff user's first password. */
    setFirstPassword: build.mutation<SuccessEnvelope<null>, SetPasswordBody>({
      query: (body) => ({ url: '/admin/setPassword', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Profile']),
    }),
    changeOwnPassword: build.mutation<SuccessEnvelope<null>, { area: PasswordArea } & ChangePasswordBody>({
      query: ({ area, ...body }) => ({ url: `/${area}/changePassword`, method: 'POST', body }),
      // The other devices are signed out: a device list on screen is stale.
      invalidatesTags: (_r, error) => (error ? [] : ['Devices']),
    }),
    /** The retailer's own signed-in devices (shown on the profile). */
    getRetailerDevices: build.query<{ devices: Device[]; total: number }, void>({
      query: () => '/retailer/devices',
      transformResponse: unwrap<{ devices: Device[]; total: number }>,
      providesTags: ['Devices'],
    }),
    signOutRetailerDevice: build.mutation<SuccessEnvelope<{ id: string; isCurrent: boolean }>, string>({
      query: (sessionId) => ({ url: `/retailer/devices/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Devices']),
    }),
  }),
});

export const {
  useGetRetailerProfileQuery,
  useGetDistributorProfileQuery,
  useChangeOwnPasswordMutation,
  useUpdateDistributorProfileMutation,
  useSetFirstPasswordMutation,
  useGetRetailerDevicesQuery,
  useSignOutRetailerDeviceMutation,
} = profileApi;
