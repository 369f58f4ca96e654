// The one permission table (issue 16 §1): every module a role can be granted, the web paths it gates,
// and the actions that mean something for it. It drives the sidebar (layout/menus.ts), the web route
// guards (modulePathDecision), the grid of /admin/permissions/roles/:id, the API's module rules
// (platform/auth/access.ts types its module names from here; a test checks every declared route's
// action is listed here) and rolesPermission at sign-in.

export const PERMISSION_ACTIONS = ['view', 'add', 'edit', 'delete', 'export', 'approve'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** One module's grant, as rolesPermission sends it (spec §3 `module`: name and flags). */
export interface ModulePermission {
  module: string;
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
  /** Absent (a session stored before export and approve existed) means not granted. */
  export?: boolean;
  approve?: boolean;
}

/** A grant with every flag, as the API sends it. */
export type Grant = Required<ModulePermission>;

export const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'View',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  export: 'Export',
  approve: 'Approve',
};

/**
 * Who a role is for: `staff` roles are held by distributor (office) users and grant the admin modules;
 * `sales` roles are held by sales reps and grant the modules that gate the rep's optional menu items.
 */
export const ROLE_KINDS = ['staff', 'sales'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];

/** A web path a module gates; `action` when the page needs more than view (an add or edit form needs both). */
export interface GatedPath {
  path: string;
  action?: PermissionAction;
}

export interface ModuleEntry {
  /** The name stored in role_permissions and sent in rolesPermission (spec spelling, e.g. Calender). */
  module: string;
  kind: RoleKind;
  /** The actions a grant can hold for this module: those some route or screen checks. */
  actions: readonly PermissionAction[];
  /** What export and approve cover here, shown in the roles grid. */
  hint?: string;
  /** The web paths the module gates (each also gates the paths below it). */
  paths: readonly GatedPath[];
}

const all = ['view', 'add', 'edit', 'delete'] as const;

/**
 * The staff modules, in the order of the distributor's sidebar (spec §2), then the modules without a
 * sidebar item. Dashboard gates no path: /admin/dashboard is where every refused path lands, so it is
 * always open; its grant covers the dashboard's figures.
 */
export const STAFF_MODULE_TABLE = [
  { module: 'Dashboard', kind: 'staff', actions: ['view'], paths: [] },
  {
    module: 'Retailers',
    kind: 'staff',
    actions: ['view', 'add', 'edit'],
    paths: [
      { path: '/admin/retailers' },
      { path: '/admin/retailers/add', action: 'add' },
      { path: '/admin/retailers/edit', action: 'edit' },
    ],
  },
  {
    module: 'Products',
    kind: 'staff',
    actions: ['view', 'add', 'edit', 'delete', 'export'],
    hint: 'Export: the catalogue CSV',
    paths: [{ path: '/admin/products' }],
  },
  {
    module: 'Orders',
    kind: 'staff',
    actions: ['view', 'edit', 'export', 'approve'],
    hint: 'Export: order PDFs, one or many, and pick lists (PDF, CSV). Approve: release orders held over a credit limit',
    paths: [{ path: '/admin/order' }],
  },
  {
    module: 'Account Receivable',
    kind: 'staff',
    actions: ['view', 'add', 'export'],
    hint: 'Add: payments, credits and adjustments. Export: the ageing CSV, statements and e-mails to stores',
    paths: [{ path: '/admin/account' }],
  },
  { module: 'Vendors', kind: 'staff', actions: all, paths: [{ path: '/admin/vendors' }] },
  { module: 'Promo & Marketing', kind: 'staff', actions: all, paths: [{ path: '/admin/promo' }] },
  { module: 'Track Login Devices', kind: 'staff', actions: all, paths: [{ path: '/admin/track-login-devices' }] },
  {
    module: 'User Management',
    kind: 'staff',
    actions: all,
    paths: [
      { path: '/admin/permissions' },
      { path: '/admin/permissions/add', action: 'add' },
      { path: '/admin/permissions/edit', action: 'edit' },
    ],
  },
  { module: 'Notifications', kind: 'staff', actions: all, paths: [{ path: '/admin/notifications' }] },
  {
    module: 'Support Tickets',
    kind: 'staff',
    actions: all,
    paths: [{ path: '/admin/support-tickets' }, { path: '/admin/contact-requests' }],
  },
  { module: 'Settings', kind: 'staff', actions: ['view', 'edit'], paths: [{ path: '/admin/settings' }] },
  {
    module: 'Policies',
    kind: 'staff',
    actions: ['view', 'edit'],
    paths: [
      { path: '/admin/policies' },
      { path: '/admin/terms-and-conditions' },
      { path: '/admin/privacy-policy' },
      { path: '/admin/disclaimer' },
      { path: '/admin/return-policy' },
    ],
  },
  {
    module: 'Retailer Requests',
    kind: 'staff',
    actions: ['view', 'add', 'edit', 'approve'],
    hint: 'Approve: approve or reject a sign-up request',
    paths: [
      { path: '/admin/retailer-requests' },
      { path: '/admin/retailer-requests/add', action: 'add' },
      { path: '/admin/retailer-requests/edit', action: 'edit' },
    ],
  },
  {
    module: 'Calender',
    kind: 'staff',
    actions: all,
    hint: 'Add, edit, delete: calendar entries; edit also sets cut-offs and the late-orders rule',
    paths: [{ path: '/admin/calender' }],
  },
  { module: 'Stories', kind: 'staff', actions: all, paths: [{ path: '/admin/stories' }] },
  { module: 'E-Pick Settings', kind: 'staff', actions: ['view', 'edit'], paths: [{ path: '/admin/e-pick-settings' }] },
  { module: 'Reports', kind: 'staff', actions: ['view', 'export'], paths: [{ path: '/admin/reports' }] },
  {
    module: 'Back Office',
    kind: 'staff',
    actions: ['view', 'add', 'edit', 'delete', 'export'],
    hint: 'Webhooks (add, edit, delete, test); Export: the accounting CSVs',
    paths: [{ path: '/admin/back-office' }],
  },
  {
    module: 'Purchase Orders',
    kind: 'staff',
    actions: ['view', 'add', 'edit', 'delete', 'export'],
    hint: 'Edit: drafts, issue, cancel, receive goods and the purchasing settings; Export: the PDF for the vendor',
    paths: [{ path: '/admin/purchase-orders' }],
  },
  { module: 'High Demand', kind: 'staff', actions: ['view'], paths: [{ path: '/admin/high-demand' }] },
] as const satisfies readonly ModuleEntry[];

/** The sales modules: each gates one optional item of the rep's menu (spec §2 Sidebar menus). */
export const SALES_MODULE_TABLE = [
  { module: 'Account Receivable', kind: 'sales', actions: ['view'], paths: [{ path: '/sales/account' }] },
  { module: 'Promo & Discounts', kind: 'sales', actions: ['view'], paths: [{ path: '/sales/promo' }] },
  { module: 'Track Login Devices', kind: 'sales', actions: ['view'], paths: [{ path: '/sales/track-login-devices' }] },
] as const satisfies readonly ModuleEntry[];

export type StaffModule = (typeof STAFF_MODULE_TABLE)[number]['module'];
export type SalesModule = (typeof SALES_MODULE_TABLE)[number]['module'];

export const PERMISSION_TABLE: Record<RoleKind, readonly ModuleEntry[]> = {
  staff: STAFF_MODULE_TABLE,
  sales: SALES_MODULE_TABLE,
};

export function moduleEntry(kind: RoleKind, module: string): ModuleEntry | undefined {
  return PERMISSION_TABLE[kind].find((m) => m.module === module);
}

/** A grant of no action on a module. */
export function emptyGrant(module: string): Grant {
  return { module, view: false, add: false, edit: false, delete: false, export: false, approve: false };
}

/** What an owner role holds: every action on every staff module (it cannot be reduced). */
export function ownerGrants(): Grant[] {
  return STAFF_MODULE_TABLE.map((m) => ({
    module: m.module,
    view: true,
    add: true,
    edit: true,
    delete: true,
    export: true,
    approve: true,
  }));
}

/** Whether the grants allow the action on the module (a missing flag, from an older session, is no). */
export function can(grants: readonly ModulePermission[] | null | undefined, module: string, action: PermissionAction): boolean {
  return Boolean(grants?.some((g) => g.module === module && g[action] === true));
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The module and action a web path needs (the most specific gated path that covers it), or null. */
export function pathRequirement(kind: RoleKind, path: string): { module: string; action: PermissionAction } | null {
  let best: { module: string; action: PermissionAction; length: number } | null = null;
  for (const entry of PERMISSION_TABLE[kind]) {
    for (const gated of entry.paths) {
      if (under(path, gated.path) && (!best || gated.path.length > best.length)) {
        best = { module: entry.module, action: gated.action ?? 'view', length: gated.path.length };
      }
    }
  }
  return best && { module: best.module, action: best.action };
}

/** Where a refused module path sends the user: the area's dashboard (always open). */
export const MODULE_REFUSED_REDIRECT: Record<RoleKind, string> = {
  staff: '/admin/dashboard',
  sales: '/sales/dashboard',
};

/**
 * The module half of the web route guard: a distributor or sales path whose module the grants do not
 * allow redirects to the area's dashboard, so a hidden menu item is never an open page.
 */
export function modulePathDecision(
  role: string | null,
  path: string,
  grants: readonly ModulePermission[] | null | undefined,
): { allow: true } | { allow: false; redirect: string } {
  const kind: RoleKind | null = role === 'distributor' ? 'staff' : role === 'sales' ? 'sales' : null;
  if (!kind) return { allow: true };
  const need = pathRequirement(kind, path);
  // A form page (add, edit) needs its action and view: it reads the module's lists and choices too.
  if (!need || (can(grants, need.module, 'view') && can(grants, need.module, need.action))) return { allow: true };
  return { allow: false, redirect: MODULE_REFUSED_REDIRECT[kind] };
}

/** Whether the grants hold every action of every staff module: an owner's (the only ones who preview roles). */
export function holdsEverything(grants: readonly ModulePermission[] | null | undefined): boolean {
  return STAFF_MODULE_TABLE.every((m) => m.actions.every((a) => can(grants, m.module, a)));
}
