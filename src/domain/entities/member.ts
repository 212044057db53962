// A brain member, defined once: the entity (`Member`, a user's role on a brain), its wire shape
// (CONTRACT "Member") and the mapper.
import type { Role } from '../roles.js';

export interface Member {
  brainId: string;
  userId: string;
  email: string;
  displayName: string;
  role: Role;
  grantedAt: string;
}

export type MemberWire = Omit<Member, 'brainId'>;

export function toMemberWire(m: Member): MemberWire {
  return { userId: m.userId, email: m.email, displayName: m.displayName, role: m.role, grantedAt: m.grantedAt };
}
