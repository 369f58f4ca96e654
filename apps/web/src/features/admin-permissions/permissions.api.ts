// The roles of /admin/permissions (docs/permissions.md): a server-paged, sorted and searched list, one
// role with its grid of grants, create, edit, replace the grants, delete.
import type { Paged, SuccessEnvelope } from '@portal/shared/api/envelope';
import type { Grant } from '@portal/shared/auth/permissions';
import type { RoleDetail, RoleEditBody, RoleBody, RoleRow, RoleSortKey } from '@portal/shared/permissions/permissions.schemas';
import { api } from '../../lib/api';

export const ROLES_FAILED = 'Failed to fetch roles';
export const ROLE_FAILED = 'Failed to fetch the role';
export const ROLE_SAVE_FAILED = 'Failed to save the role';
export const ROLE_DELETE_FAILED = 'Failed to delete the role';
export const BASE_PATH = '/admin/permissions';

export type RoleKindFilter = 'all' | 'staff' | 'sales';

export interface RoleListArgs {
  page: number;
  limit: number;
  sort: RoleSortKey;
  dir: 'asc' | 'desc';
  search: string;
  kind: RoleKindFilter;
}

export function roleListParams(q: RoleListArgs): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), sort: q.sort, dir: q.dir, kind: q.kind });
  if (q.search) p.set('search', q.search);
  return p.toString();
}

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;
const rolePath = (id: string) => `/admin/permissions/roles/${encodeURIComponent(id)}`;

export const permissionsApi = api.enhanceEndpoints({ addTagTypes: ['Roles', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    getRoles: build.query<Paged<RoleRow>, RoleListArgs>({
      query: (q) => `/admin/permissions/roles?${roleListParams(q)}`,
      transformResponse: unwrap<Paged<RoleRow>>,
      providesTags: ['Roles'],
    }),
    getRole: build.query<RoleDetail, string>({
      query: (id) => rolePath(id),
      transformResponse: unwrap<RoleDetail>,
      providesTags: ['Roles'],
    }),
    createRole: build.mutation<SuccessEnvelope<RoleDetail>, RoleBody>({
      query: (body) => ({ url: '/admin/permissions/roles', method: 'POST', body }),
      invalidatesTags: ['Roles', 'Audit'],
    }),
    updateRole: build.mutation<SuccessEnvelope<RoleDetail>, { id: string } & RoleEditBody>({
      query: ({ id, ...body }) => ({ url: rolePath(id), method: 'PUT', body }),
      invalidatesTags: ['Roles', 'Audit'],
    }),
    setRoleGrants: build.mutation<SuccessEnvelope<RoleDetail>, { id: string; grants: Grant[] }>({
      query: ({ id, grants }) => ({ url: `${rolePath(id)}/grants`, method: 'PUT', body: { grants } }),
      invalidatesTags: ['Roles', 'Audit'],
    }),
    deleteRole: build.mutation<SuccessEnvelope<null>, string>({
      query: (id) => ({ url: rolePath(id), method: 'DELETE' }),
      invalidatesTags: ['Roles'],
    }),
  }),
});

export const {
  useGetRolesQuery,
  useGetRoleQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useSetRoleGrantsMutation,
  useDeleteRoleMutation,
} = permissionsApi;
