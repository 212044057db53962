// Who may do what on which brain. One place for roles, visibility and the 403/404 rules:
// an invisible brain is 404 (never leak that it exists); a visible one with too low a role is 403;
// a credential naming another brain in ?brain= is 403.
import type { Actor } from '../domain/actor.js';
import { brainRefText, type BrainRef } from '../domain/brainRef.js';
import { VISIBILITY } from '../domain/enums.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { roleAtLeast, type Role } from '../domain/roles.js';
import { isUuid } from '../domain/slug.js';
import type { BrainRow, BrainsRepo } from '../storage/sqlite/brainsRepo.js';

export interface BrainAccess {
  brain: BrainRow;
  role: Role | null;
}

export class AccessService {
  constructor(private readonly brains: BrainsRepo) {}

  findBrain(ref: string): BrainRow | null {
    if (!ref) return null;
    return (isUuid(ref) ? this.brains.byId(ref.toLowerCase()) : null) ?? this.brains.bySlug(ref);
  }

  /** The caller's effective role on a brain, or null when it may not see it at all. */
  roleOn(actor: Actor, brain: BrainRow): Role | null {
    let role: Role | null = null;
    switch (actor.kind) {
      case 'system':
        return 'Owner';
      case 'credential':
        return actor.brainId === brain.id ? actor.role : null;
      case 'user':
        role = this.brains.memberRole(brain.id, actor.userId);
        if (!role && brain.visibility >= VISIBILITY.Workspace) role = 'Read';
        // An OAuth token without the write scope acts read-only.
        if (role && actor.scopes && !actor.scopes.includes('brains:write')) role = 'Read';
        return role;
      case 'anonymous':
        return brain.visibility === VISIBILITY.Public ? 'Read' : null;
    }
  }

  /**
   * Resolve a brain by id or slug and check the caller's role. A brain the caller named (`?brain=`,
   * a tool argument: `{ named }`) that is not a credential's own is 403, not 404.
   */
  require(actor: Actor, ref: BrainRef, min: Role): BrainAccess & { role: Role } {
    const brain = this.findBrain(brainRefText(ref));
    if (typeof ref !== 'string' && actor.kind === 'credential' && (!brain || brain.id !== actor.brainId)) {
      throw new ForbiddenError('This credential is pinned to another brain.', 'credential_brain_mismatch');
    }
    const role = brain ? this.roleOn(actor, brain) : null;
    if (!brain || !role) throw new NotFoundError('Brain', 'brain_not_found');
    if (!roleAtLeast(role, min)) throw new ForbiddenError(`This needs the ${min} role; you have ${role}.`, 'insufficient_role');
    return { brain, role };
  }

  /** Every brain the caller can see, with its role. */
  visibleBrains(actor: Actor): Array<BrainAccess & { role: Role }> {
    const out: Array<BrainAccess & { role: Role }> = [];
    if (actor.kind === 'credential') {
      const brain = this.brains.byId(actor.brainId);
      return brain ? [{ brain, role: actor.role }] : [];
    }
    for (const brain of this.brains.all()) {
      const role = this.roleOn(actor, brain);
      if (role) out.push({ brain, role });
    }
    return out;
  }
}
