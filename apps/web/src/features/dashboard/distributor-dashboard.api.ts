// The distributor's dashboard (docs/admin-dashboard.md): POST /dashboard/distributorDashboard {from?, to?}.
// A read, so a query; it is asked again when the period changes, and on a status move or another
// change elsewhere only when the page is opened again (RTK Query's cache keeps 60 s).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { DistributorDashboard, DistributorDashboardBody } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { api } from '../../lib/api';

export const DISTRIBUTOR_DASHBOARD_FAILED = 'Failed to fetch the dashboard';

export const distributorDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDistributorDashboard: build.query<DistributorDashboard, DistributorDashboardBody>({
      query: (body) => ({ url: '/dashboard/distributorDashboard', method: 'POST', body }),
      transformResponse: (r: SuccessEnvelope<DistributorDashboard>) => r.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDistributorDashboardQuery } = distributorDashboardApi;
