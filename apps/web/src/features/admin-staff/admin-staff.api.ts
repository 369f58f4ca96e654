// Staff users and sales reps (docs/admin-staff.md): the server-paged lists, one user or rep, invitations,
// role changes, deactivation, sign-out everywhere, a rep's modules and customers. Every change also
// refreshes the record's History ('Audit').
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  ChangeStaffRoleBody,
  CreateSalesRepBody,
  InviteSalesRepBody,
  InviteStaffBody,
  SalesModule,
  SalesRep,
  SalesRepCustomers,
  SalesRepList,
  StaffChoices,
  StaffDetail,
  StaffList,
  StaffUser,
} from '@portal/shared/staff/staff.schemas';
import { api } from '../../lib/api';

export const STAFF_FAILED = 'Failed to fetch staff users';
export const STAFF_USER_FAILED = 'Failed to fetch the staff user';
export const STAFF_CHANGE_FAILED = 'Failed to change the staff user';
export const INVITE_FAILED = 'Failed to send the invitation';
export const REPS_FAILED = 'Failed to fetch sales reps';
export const REP_FAILED = 'Failed to fetch the sales rep';
export const REP_CHANGE_FAILED = 'Failed to change the sales rep';
export const REP_CUSTOMERS_FAILED = "Failed to fetch the rep's customers";

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const staffPath = (id: string) => `/admin/staff/${encodeURIComponent(id)}`;
const repPath = (id: string) => `/admin/sales-reps/${encodeURIComponent(id)}`;

type Signed = SuccessEnvelope<{ sessionsEnded: number }>;

export const adminStaffApi = api.enhanceEndpoints({ addTagTypes: ['Staff', 'SalesReps', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `params`: the list's query string (staff-list-view.ts builds it). */
    getStaff: build.query<StaffList, string>({
      query: (params) => `/admin/staff?${params}`,
      transformResponse: unwrap<StaffList>,
      providesTags: ['Staff'],
    }),
    getStaffUser: build.query<StaffDetail, string>({
      query: (id) => staffPath(id),
      transformResponse: unwrap<StaffDetail>,
      providesTags: (_r, _e, id) => [{ type: 'Staff', id }],
    }),
    getStaffChoices: build.query<StaffChoices, void>({
      query: () => '/admin/staff/choices',
      transformResponse: unwrap<StaffChoices>,
    }),
    inviteStaff: build.mutation<SuccessEnvelope<StaffUser>, InviteStaffBody>({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    changeStaffRole: build.mutation<SuccessEnvelope<StaffUser>, { id: string } & ChangeStaffRoleBody>({
      query: ({ id, ...body }) => ({ url: `${staffPath(id)}/role`, method: 'PUT', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['Staff', { type: 'Staff', id }, 'Audit']),
    }),
    setStaffActive: build.mutation<SuccessEnvelope<StaffUser>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `${staffPath(id)}/${active ? 'reactivate' : 'deactivate'}`, method: 'POST' }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['Staff', { type: 'Staff', id }, 'Audit']),
    }),
    signOutStaffEverywhere: build.mutation<Signed, string>({
      query: (id) => ({ url: `${staffPath(id)}/signOutEverywhere`, method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Staff', id }, 'Audit', 'Devices']),
    }),

    getSalesReps: build.query<SalesRepList, string>({
      query: (params) => `/admin/sales-reps?${params}`,
      transformResponse: unwrap<SalesRepList>,
      providesTags: ['SalesReps'],
    }),
    getSalesRep: build.query<SalesRep, string>({
      query: (id) => repPath(id),
      transformResponse: unwrap<SalesRep>,
      providesTags: (_r, _e, id) => [{ type: 'SalesReps', id }],
    }),
    getSalesRepChoices: build.query<StaffChoices, void>({
      query: () => '/admin/sales-reps/choices',
      transformResponse: unwrap<StaffChoices>,
    }),
    changeSalesRepRole: build.mutation<SuccessEnvelope<SalesRep>, { id: string } & ChangeStaffRoleBody>({
      query: ({ id, ...body }) => ({ url: `${repPath(id)}/role`, method: 'PUT', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['SalesReps', { type: 'SalesReps', id }, 'Audit']),
    }),
    getSalesRepCustomers: build.query<SalesRepCustomers, { id: string; params: string }>({
      query: ({ id, params }) => `${repPath(id)}/customers?${params}`,
      transformResponse: unwrap<SalesRepCustomers>,
      providesTags: (_r, _e, { id }) => [{ type: 'SalesReps', id }],
    }),
    createSalesRep: build.mutation<SuccessEnvelope<SalesRep>, CreateSalesRepBody>({
      query: (body) => ({ url: '/admin/sales-reps', method: 'POST', body }),
      invalidatesTags: ['SalesReps'],
    }),
    inviteSalesRep: build.mutation<SuccessEnvelope<SalesRep>, { id: string } & InviteSalesRepBody>({
      query: ({ id, ...body }) => ({ url: `${repPath(id)}/invite`, method: 'POST', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['SalesReps', { type: 'SalesReps', id }, 'Audit']),
    }),
    /** The modules of the rep's sales role: every rep of the role changes. */
    setSalesRepModules: build.mutation<SuccessEnvelope<SalesRep>, { id: string; modules: SalesModule[] }>({
      query: ({ id, modules }) => ({ url: `${repPath(id)}/modules`, method: 'PUT', body: { modules } }),
      invalidatesTags: (_r, e) => (e ? [] : ['SalesReps', 'Audit']),
    }),
    setSalesRepActive: build.mutation<SuccessEnvelope<SalesRep>, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `${repPath(id)}/${active ? 'reactivate' : 'deactivate'}`, method: 'POST' }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['SalesReps', { type: 'SalesReps', id }, 'Audit']),
    }),
    signOutSalesRepEverywhere: build.mutation<Signed, string>({
      query: (id) => ({ url: `${repPath(id)}/signOutEverywhere`, method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'SalesReps', id }, 'Audit', 'Devices']),
    }),
  }),
});

export const {
  useGetStaffQuery,
  useGetStaffUserQuery,
  useGetStaffChoicesQuery,
  useInviteStaffMutation,
  useChangeStaffRoleMutation,
  useSetStaffActiveMutation,
  useSignOutStaffEverywhereMutation,
  useGetSalesRepsQuery,
  useGetSalesRepQuery,
  useGetSalesRepCustomersQuery,
  useGetSalesRepChoicesQuery,
  useChangeSalesRepRoleMutation,
  useCreateSalesRepMutation,
  useInviteSalesRepMutation,
  useSetSalesRepModulesMutation,
  useSetSalesRepActiveMutation,
  useSignOutSalesRepEverywhereMutation,
} = adminStaffApi;
