/** Company roles (issue: teams). A user may hold a different role in each company they belong to. */
export const ROLES = ['owner', 'admin', 'planner', 'warehouse', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a route may require. Reading company data needs `company.read`; every write names its area. */
export const PERMISSIONS = [
  'company.read',
  'company.manage',
  'members.manage',
  'master.write',
  'inventory.write',
  'partners.write',
  'purchasing.write',
  'documents.write',
  'production.write',
  'cutting.write',
  'delivery.write',
  'invoices.write',
  'export.run',
  'audit.read',
  'automation.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL = new Set<Permission>(PERMISSIONS);

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: ALL,
  admin: ALL,
  planner: new Set<Permission>([
    'company.read',
    'master.write',
    'partners.write',
    'documents.write',
    'production.write',
    'cutting.write',
    'export.run',
  ]),
  warehouse: new Set<Permission>([
    'company.read',
    'inventory.write',
    'purchasing.write',
    'delivery.write',
    'export.run',
  ]),
  viewer: new Set<Permission>(['company.read']),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/**
 * Who may call a route: anyone, any signed-in user (acting on their own account), platform
 * operators, or members of the chosen company holding a permission. Every route declares one.
 */
export type RouteAccess = 'public' | 'user' | 'platform' | Permission;
