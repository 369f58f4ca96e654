// The distributor's policy texts: read per area (/retailer, /sales, /admin policies), read without
// sign-in for the public pages (/public/policies/{kind}), written by the distributor (PUT /admin/policies/{kind}),
// each save a version the distributor's history lists (GET /admin/policies/{kind}/versions).
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  Policy,
  PolicyEditBody,
  PolicyKind,
  PolicyList,
  PolicyVersions,
  PublicPolicyKind,
} from '@portal/shared/policies/policies.schemas';
import { api } from '../../lib/api';

/** The signed-in area whose policies are read (each area reads its own distributor's). */
export type PolicyArea = 'retailer' | 'sales' | 'admin';

export const POLICIES_FAILED = 'Failed to fetch policies';
export const POLICY_FAILED = 'Failed to fetch the policy';
export const POLICY_SAVE_FAILED = 'Failed to save the policy';
export const POLICY_HISTORY_FAILED = 'Failed to fetch the history';

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

export const policiesApi = api.enhanceEndpoints({ addTagTypes: ['Policies'] }).injectEndpoints({
  endpoints: (build) => ({
    getPolicies: build.query<PolicyList, PolicyArea>({
      query: (area) => `/${area}/policies`,
      transformResponse: unwrap<PolicyList>,
      providesTags: ['Policies'],
    }),
    getPolicy: build.query<Policy, { area: PolicyArea; kind: PolicyKind }>({
      query: ({ area, kind }) => `/${area}/policies/${kind}`,
      transformResponse: unwrap<Policy>,
      providesTags: (_r, _e, { kind }) => [{ type: 'Policies', id: kind }],
    }),
    getPublicPolicy: build.query<Policy, PublicPolicyKind>({
      query: (kind) => `/public/policies/${kind}`,
      transformResponse: unwrap<Policy>,
      providesTags: (_r, _e, kind) => [{ type: 'Policies', id: kind }],
    }),
    getPolicyVersions: build.query<PolicyVersions, PolicyKind>({
      query: (kind) => `/admin/policies/${kind}/versions`,
      transformResponse: unwrap<PolicyVersions>,
      providesTags: (_r, _e, kind) => [{ type: 'Policies', id: `${kind}-versions` }],
    }),
    savePolicy: build.mutation<SuccessEnvelope<Policy>, { kind: PolicyKind } & PolicyEditBody>({
      query: ({ kind, ...body }) => ({ url: `/admin/policies/${kind}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { kind }) => [
        'Policies',
        { type: 'Policies', id: kind },
        { type: 'Policies', id: `${kind}-versions` },
      ],
    }),
  }),
});

export const {
  useGetPoliciesQuery,
  useGetPolicyQuery,
  useGetPolicyVersionsQuery,
  useGetPublicPolicyQuery,
  useSavePolicyMutation,
} = policiesApi;
