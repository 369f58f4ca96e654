// Roles API (GET/POST /admin/permissions/roles, GET/PUT/DELETE /admin/permissions/roles/:roleId,
// PUT /admin/permissions/roles/:roleId/grants): one set of field rules for the web forms and the API.
import { z } from 'zod';
import { SORT_DIRECTIONS, type Sorting } from '../api/sort.ts';
import { limitField, pageField } from '../catalog/catalog.schemas.ts';
import {
  emptyGrant,
  moduleEntry,
  PERMISSION_ACTIONS,
  PERMISSION_TABLE,
  ROLE_KINDS,
  type Grant,
  type ModulePermission,
  type RoleKind,
} from '../auth/permissions.ts';

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 300;
export const ROLE_LIST_DEFAULT_LIMIT = 25;
export const ROLE_LIST_MAX_LIMIT = 100;

/** GET /admin/permissions/roles: name, users holding it, created and changed dates. */
export const ROLE_SORT_KEYS = ['name', 'userCount', 'createdAt', 'updatedAt'] as const;
export type RoleSortKey = (typeof ROLE_SORT_KEYS)[number];
export const ROLE_DEFAULT_SORT: Sorting<RoleSortKey> = { sort: 'name', dir: 'asc' };

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required',
  nameTooLong: `Role name must be ${ROLE_NAME_MAX} characters or less`,
  descriptionTooLong: `Description must be ${ROLE_DESCRIPTION_MAX} characters or less`,
  kind: 'kind must be staff or sales',
  notFound: 'Role not found',
  created: 'Role created',
  updated: 'Role updated',
  grantsSaved: 'Permissions saved',
  deleted: 'Role deleted',
  duplicate: (name: string) => `A role named ${name} already exists`,
  ownerRename: 'The owner role cannot be renamed',
  ownerGrants: 'The owner role holds every permission and cannot be reduced',
  ownerDelete: 'The owner role cannot be deleted',
  inUse: (count: number) =>
    `This role is assigned to ${count} ${count === 1 ? 'user' : 'users'}. Assign them another role before deleting it.`,
  unknownModule: (module: string, kind: RoleKind) => `${module} is not a ${kind} module`,
  unknownAction: (module: string, action: string) => `${module} has no ${action} permission`,
  repeatedModule: (module: string) => `${module} is listed more than once`,
  lastOwner: 'At least one active owner must remain. Make another user an owner first.',
} as const;

const description = z
  .string()
  .trim()
  .max(ROLE_DESCRIPTION_MAX, ROLE_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

const name = z
  .string({ error: ROLE_MESSAGES.nameRequired })
  .trim()
  .min(1, ROLE_MESSAGES.nameRequired)
  .max(ROLE_NAME_MAX, ROLE_MESSAGES.nameTooLong);

export const grantSchema = z.object({
  module: z.string().min(1).max(60),
  view: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  export: z.boolean(),
  approve: z.boolean(),
});

/**
 * The grants of a role of this kind: each module of the kind at most once, each granted action one the
 * module has. Modules left out hold nothing.
 */
export function grantProblems(kind: RoleKind, grants: readonly ModulePermission[]): string | null {
  const seen = new Set<string>();
  for (const g of grants) {
    const entry = moduleEntry(kind, g.module);
    if (!entry) return ROLE_MESSAGES.unknownModule(g.module, kind);
    if (seen.has(g.module)) return ROLE_MESSAGES.repeatedModule(g.module);
    seen.add(g.module);
    for (const action of PERMISSION_ACTIONS) {
      if (g[action] && !entry.actions.includes(action)) return ROLE_MESSAGES.unknownAction(g.module, action);
    }
  }
  return null;
}

export const roleBody = z.object(
  {
    name,
    description,
    kind: z.enum(ROLE_KINDS, { error: ROLE_MESSAGES.kind }).default('staff'),
  },
  { error: 'Request body must be a JSON object' },
);
export type RoleBody = z.input<typeof roleBody>;
export type RoleInput = z.output<typeof roleBody>;

/** PUT /admin/permissions/roles/:roleId: name and description (the kind is fixed at creation). */
export const roleEditBody = z.object({ name, description }, { error: 'Request body must be a JSON object' });
export type RoleEditBody = z.input<typeof roleEditBody>;

export const roleGrantsBody = z.object(
  { grants: z.array(grantSchema, { error: 'grants must be a list' }).max(50, 'grants must list 50 modules or fewer') },
  { error: 'Request body must be a JSON object' },
);
export type RoleGrantsBody = z.input<typeof roleGrantsBody>;

export const roleListQuery = z.object({
  page: pageField.default(1),
  limit: limitField(ROLE_LIST_DEFAULT_LIMIT, ROLE_LIST_MAX_LIMIT),
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  kind: z.enum(['staff', 'sales', 'all'], { error: 'kind must be one of: staff, sales, all' }).default('all'),
  sort: z.enum(ROLE_SORT_KEYS, { error: `sort must be one of: ${ROLE_SORT_KEYS.join(', ')}` }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional(),
});
export type RoleListQuery = z.input<typeof roleListQuery>;

export const roleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(ROLE_KINDS),
  isOwner: z.boolean(),
  /** Built in (seeded): cannot be deleted. */
  isSystem: z.boolean(),
  /** Users (active or not) holding the role. */
  userCount: z.number().int(),
  /** Modules with at least one action granted. */
  moduleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

export const roleListResponse = z.object({
  items: z.array(roleRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RoleList = z.infer<typeof roleListResponse>;

/** One role with a grant for every module of its kind, in the table's order. */
export const roleDetailSchema = roleRowSchema.extend({ grants: z.array(grantSchema) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleChoiceSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(ROLE_KINDS), isOwner: z.boolean() });
export type RoleChoice = z.infer<typeof roleChoiceSchema>;

/** Every module of the kind, in the table's order, with the stored flags or none. */
export function fullGrants(kind: RoleKind, stored: readonly Grant[]): Grant[] {
  return PERMISSION_TABLE[kind].map((m) => stored.find((g) => g.module === m.module) ?? emptyGrant(m.module));
}

/** The grants a change takes away (module and action), for the confirmation before saving. */
export function removedGrants(
  before: readonly ModulePermission[],
  after: readonly ModulePermission[],
): { module: string; action: (typeof PERMISSION_ACTIONS)[number] }[] {
  const out: { module: string; action: (typeof PERMISSION_ACTIONS)[number] }[] = [];
  for (const b of before) {
    const a = after.find((g) => g.module === b.module);
    for (const action of PERMISSION_ACTIONS) if (b[action] && !a?.[action]) out.push({ module: b.module, action });
  }
  return out;
}
