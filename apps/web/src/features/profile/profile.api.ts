// The signed-in user's own profile (retailer: user and store; distributor user: user, role and
// distributor) and password change (POST /{area}/changePassword; the sales area's has the same body).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { DistributorProfile, RetailerProfile } from '@portal/shared/profile/profile.schemas';
import type { ChangePasswordBody } from '@portal/shared/sales/sales.schemas';
import { api } from '../../lib/api';

export type PasswordArea = 'retailer' | 'admin' | 'sales';

export const PROFILE_FAILED = 'Failed to fetch profile';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password';

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
    changeOwnPassword: build.mutation<SuccessEnvelope<null>, { area: PasswordArea } & ChangePasswordBody>({
      query: ({ area, ...body }) => ({ url: `/${area}/changePassword`, method: 'POST', body }),
      // The other devices are signed out: a device list on screen is stale.
      invalidatesTags: (_r, error) => (error ? [] : ['Devices']),
    }),
  }),
});

export const { useGetRetailerProfileQuery, useGetDistributorProfileQuery, useChangeOwnPasswordMutation } = profileApi;
