// Roles on a brain, ordered Read < Write < Admin < Owner.

export const ROLES = ['Read', 'Write', 'Admin', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { Read: 1, Write: 2, Admin: 3, Owner: 4 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleAtLeast(role: Role | null | undefined, min: Role): boolean {
  return role != null && RANK[role] >= RANK[min];
}

export function maxRole(a: Role | null, b: Role | null): Role | null {
  if (a == null) return b;
  if (b == null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}
