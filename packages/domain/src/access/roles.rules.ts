import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE } from '../common/errors.schemas.ts';

export const ROLE_NAMES = ['Admin', 'Super Admin', 'Staff', 'Technician', 'Tech Access', 'SubContractor'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const roleNameSchema = z.enum(ROLE_NAMES, { error: 'Role must be one of: ' + ROLE_NAMES.join(', ') + '.' });

export const ACCESS_LEVELS = ['fullAccess', 'partialAccess', 'onlyViewAccess', 'noAccess'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const accessLevelSchema = z.enum(ACCESS_LEVELS, {
  error: 'Work order access must be one of: ' + ACCESS_LEVELS.join(', ') + '.',
});

export const ACCESS_LABELS = {
  fullAccess: 'Full access',
  partialAccess: 'Partial access',
  onlyViewAccess: 'View only',
  noAccess: 'No access',
} as const satisfies Record<AccessLevel, string>;

/** What every rule needs to know about the person asking. */
export type Viewer = {
  userId: string;
  tenantId: string;
  role: string;
  access: AccessLevel;
};

/** Admin is any role name containing "admin" (any case), or full access. */
export function isAdmin(viewer: Pick<Viewer, 'role' | 'access'>): boolean {
  return viewer.role.toLowerCase().includes('admin') || viewer.access === 'fullAccess';
}

export function isTechnicianRole(role: string): boolean {
  const name = role.toLowerCase();
  return name === 'technician' || name === 'tech access';
}

export function isSubcontractorRole(role: string): boolean {
  return role.toLowerCase() === 'subcontractor';
}

export function isFieldRole(role: string): boolean {
  return isTechnicianRole(role) || isSubcontractorRole(role);
}

/**
 * Field roles are classed by role before access, so a technician never gains office screens
 * through an access level meant for office staff.
 */
export type ViewerClass = 'admin' | 'partial' | 'view' | 'none' | 'technician' | 'subcontractor';

export function viewerClass(viewer: Pick<Viewer, 'role' | 'access'>): ViewerClass {
  if (isSubcontractorRole(viewer.role)) return 'subcontractor';
  if (isTechnicianRole(viewer.role)) return 'technician';
  if (isAdmin(viewer)) return 'admin';
  const byAccess = {
    fullAccess: 'admin',
    partialAccess: 'partial',
    onlyViewAccess: 'view',
    noAccess: 'none',
  } as const satisfies Record<AccessLevel, ViewerClass>;
  return byAccess[viewer.access];
}

const EVERYONE = ['admin', 'partial', 'view', 'none', 'technician', 'subcontractor'] as const;
const OFFICE_READ = ['admin', 'partial', 'view'] as const;
const OFFICE_WRITE = ['admin', 'partial'] as const;
const ADMIN_ONLY = ['admin'] as const;

/** Who may do what, checked by the server at the route and mirrored by the UI. */
export const PERMISSIONS = {
  'profile.self': EVERYONE,
  'tokens.self': EVERYONE,
  'lookups.read': EVERYONE,
  'users.read': OFFICE_READ,
  'users.manage': ADMIN_ONLY,
  'settings.manage': ADMIN_ONLY,
  'company.read': EVERYONE,
  'customers.read': OFFICE_READ,
  'customers.write': OFFICE_WRITE,
  'subcontractors.read': OFFICE_READ,
  'subcontractors.write': OFFICE_WRITE,
  'workorder.view': OFFICE_READ,
  'jobs.read': OFFICE_READ,
  'jobs.write': OFFICE_WRITE,
  'notes.write': OFFICE_WRITE,
  'media.write': OFFICE_WRITE,
  /** Field roles read only their own tasks; the repository narrows every task query for them. */
  'tasks.read': ['admin', 'partial', 'view', 'technician', 'subcontractor'],
  'tasks.write': OFFICE_WRITE,
  /** Bid requests: the office reads all of them, a subcontractor login its own company's; only it answers. */
  'bids.read': ['admin', 'partial', 'view', 'subcontractor'],
  'bids.answer': ['subcontractor'],
  'leads.read': OFFICE_READ,
  'leads.write': OFFICE_WRITE,
  'ai.use': OFFICE_WRITE,
  'tableConfig.self': EVERYONE,
  /** The office keeps the fleet and its cost rates. */
  'vehicles.read': OFFICE_READ,
  /** Technicians pick from the active vehicles (clock-in, their task's costs): names only, never the rates. */
  'vehicles.pick': ['admin', 'partial', 'view', 'technician'],
  'vehicles.write': OFFICE_WRITE,
  /**
   * Estimates and invoices: the office reads and writes them. Field roles do not list or open them
   * (the spec gives technicians no job list and leaves the task-preview cards' rule unshown); margin and cost
   * figures are only in the office DTO. Onsite approval is done on the office's screen.
   */
  'estimates.read': OFFICE_READ,
  'estimates.write': OFFICE_WRITE,
  'invoices.read': OFFICE_READ,
  'invoices.write': OFFICE_WRITE,
  /** The products & services catalogue lines are picked from. */
  'catalogue.read': OFFICE_READ,
  'catalogue.write': OFFICE_WRITE,
  /**
   * Costs: the office reads every cost, the job cost summary and margins, and writes any cost
   * (job-level actual costs and an estimate's estimated costs).
   */
  'costs.read': OFFICE_READ,
  'costs.write': OFFICE_WRITE,
  /**
   * The costs of one task (the actual-costs page): allowed here, then narrowed per task by the addCost/viewCost
   * rules (task-actions.rules.ts) — a technician only on their own tasks, adding only while the rule allows.
   * Subcontractor logins never: the rules hide cost actions from them and on their tasks.
   */
  'costs.task': ['admin', 'partial', 'view', 'technician'],
  /** Dashboard metrics: finance figures for the office only; view-only staff read them, field roles never. */
  'dashboard.read': OFFICE_READ,
  /**
   * AI receptionist call log: the office reads it; a phone system posts calls with an office
   * writer's personal API token (the route takes Bearer tokens only).
   */
  'receptionist.read': OFFICE_READ,
  'receptionist.post': OFFICE_WRITE,
  /**
   * Customer-site assets: the office reads and writes them; a technician reads the equipment at the sites of
   * their own tasks (the service narrows it), never the company-wide list or the dashboard's distribution.
   */
  'assets.read': ['admin', 'partial', 'view', 'technician'],
  'assets.write': OFFICE_WRITE,
  /** What was emailed about a customer, job, estimate or invoice; office writers may retry a failed one. */
  'messages.read': OFFICE_READ,
  'messages.write': OFFICE_WRITE,
  /** The notification bell: office readers; each entry is further limited by the capability of its record. */
  'notifications.read': OFFICE_READ,
} as const satisfies Record<string, readonly ViewerClass[]>;

export type Capability = keyof typeof PERMISSIONS;

export function can(viewer: Pick<Viewer, 'role' | 'access'>, capability: Capability): boolean {
  return (PERMISSIONS[capability] as readonly ViewerClass[]).includes(viewerClass(viewer));
}

const CAPABILITIES_BY_CLASS = new Map<ViewerClass, readonly Capability[]>();

/** The same list for everyone of a class, worked out once: it goes out with every profile read. */
export function capabilitiesOf(viewer: Pick<Viewer, 'role' | 'access'>): Capability[] {
  const cls = viewerClass(viewer);
  let list = CAPABILITIES_BY_CLASS.get(cls);
  if (!list) CAPABILITIES_BY_CLASS.set(cls, (list = Object.freeze((Object.keys(PERMISSIONS) as Capability[]).filter((c) => can(viewer, c)))));
  return [...list];
}

/** Roles an admin may hand out; field roles get noAccess to office work orders by default. */
export function defaultAccessFor(role: RoleName): AccessLevel {
  if (role === 'Admin' || role === 'Super Admin') return 'fullAccess';
  if (role === 'Staff') return 'partialAccess';
  return 'noAccess';
}

/**
 * What a refusal says is decided by what was refused and who asked: someone who may look but not change is
 * told their access is view only (not that they cannot view it), an admin-only setting says so, and a refused
 * read keeps the spec's wording.
 */
export const FORBIDDEN_MESSAGES = {
  view: DEFAULT_ERROR_MESSAGE.FORBIDDEN,
  change: "You don't have permission to change this. Please contact your admin.",
  viewOnly: 'Your access is view only: you can see this but not change it. Please contact your admin for more access.',
  adminOnly: 'Only an admin can do this.',
} as const;

type CapabilityKind = 'view' | 'change' | 'manage';

/** Whether each capability is about looking, changing, or the company's own administration. */
export const CAPABILITY_KINDS = {
  'profile.self': 'change',
  'tokens.self': 'change',
  'lookups.read': 'view',
  'users.read': 'view',
  'users.manage': 'manage',
  'settings.manage': 'manage',
  'company.read': 'view',
  'customers.read': 'view',
  'customers.write': 'change',
  'subcontractors.read': 'view',
  'subcontractors.write': 'change',
  'workorder.view': 'view',
  'jobs.read': 'view',
  'jobs.write': 'change',
  'notes.write': 'change',
  'media.write': 'change',
  'tasks.read': 'view',
  'tasks.write': 'change',
  'bids.read': 'view',
  'bids.answer': 'change',
  'leads.read': 'view',
  'leads.write': 'change',
  'ai.use': 'change',
  'tableConfig.self': 'change',
  'vehicles.read': 'view',
  'vehicles.pick': 'view',
  'vehicles.write': 'change',
  'estimates.read': 'view',
  'estimates.write': 'change',
  'invoices.read': 'view',
  'invoices.write': 'change',
  'catalogue.read': 'view',
  'catalogue.write': 'change',
  'costs.read': 'view',
  'costs.write': 'change',
  // Looking at a task's costs and adding to them share it; anyone refused it may not see them at all.
  'costs.task': 'view',
  'dashboard.read': 'view',
  'receptionist.read': 'view',
  'receptionist.post': 'change',
  'assets.read': 'view',
  'assets.write': 'change',
  'messages.read': 'view',
  'messages.write': 'change',
  'notifications.read': 'view',
} as const satisfies Record<Capability, CapabilityKind>;

/** The message of a 403 for `capability`, in words that name the real reason. */
export function refusalFor(viewer: Pick<Viewer, 'role' | 'access'>, capability: Capability): string {
  const kind: CapabilityKind = CAPABILITY_KINDS[capability];
  if (kind === 'view') return FORBIDDEN_MESSAGES.view;
  if (kind === 'manage') return FORBIDDEN_MESSAGES.adminOnly;
  return viewerClass(viewer) === 'view' ? FORBIDDEN_MESSAGES.viewOnly : FORBIDDEN_MESSAGES.change;
}

/**
 * What a person's work-order access really is, in words: field roles are classed by role before access, so a
 * technician's stored access level ("No access" by default) says nothing about what they can do.
 */
export function workOrderAccessLabel(person: Pick<Viewer, 'role' | 'access'>): string {
  const cls = viewerClass(person);
  if (cls === 'technician') return 'Field: own tasks';
  if (cls === 'subcontractor') return 'Subcontractor: own tasks and bids';
  if (cls === 'admin') return ACCESS_LABELS.fullAccess;
  return ACCESS_LABELS[person.access];
}
