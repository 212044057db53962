// Members: who holds which role on a brain. SPEC's rules live here and nowhere else: only workspace
// users can be granted, one grant per person, the last Owner can be neither demoted nor removed,
// an email works in place of a user id, Read is the default role. Every operation needs Admin;
// anything that makes, changes or removes an Owner needs Owner (an Admin cannot promote themselves).
import { toMemberWire, type MemberWire } from '../domain/entities/member.js';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.js';
import { isRole, roleAtLeast, ROLES, type Role } from '../domain/roles.js';
import { addMemberBody, updateMemberBody, type AddMemberBody, type UpdateMemberBody } from '../domain/schemas/members.js';
import { validate } from '../domain/validate.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { BrainsRepo, MemberRow } from '../storage/sqlite/brainsRepo.js';
import type { SyncDb } from '../storage/syncDb.js';
import type { IdentityRepo, UserRow } from '../storage/sqlite/identityRepo.js';
import type { AccessService } from './accessService.js';

export type MemberView = MemberWire;


export class MembersService {
  constructor(
    private readonly access: AccessService,
    private readonly brains: BrainsRepo,
    private readonly users: IdentityRepo,
    private readonly audit: AuditRepo,
    private readonly db: SyncDb,
  ) {}

  list(actor: Actor, brainRef: BrainRef): { members: MemberView[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    return { members: this.brains.members(brain.id).map(memberView) };
  }

  add(actor: Actor, brainRef: BrainRef, body: unknown): MemberView {
    const { brain, role: callerRole } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(addMemberBody, checkRoleField(body));
    const role: Role = (input.role as Role | undefined) ?? 'Read';
    if (!input.email && !input.userId) throw new BadRequestError('Give the email or the userId of a workspace user.', 'member_user_required');
    const user = this.workspaceUser(input);
    if (role === 'Owner') requireOwner(callerRole, 'Only an Owner can grant the Owner role.');
    return this.db.transaction(() => {
      if (this.brains.memberRole(brain.id, user.id)) {
        throw new ConflictError(`${user.email} already has access to this brain.`, 'member_exists');
      }
      this.brains.grant(brain.id, user.id, role, actor.kind === 'user' ? actor.userId : null);
      this.audit.record({ brainId: brain.id, actor, action: 'member.add', target: user.id, detail: { email: user.email, role } });
      return memberView(this.brains.member(brain.id, user.id)!);
    }).immediate();
  }

  update(actor: Actor, brainRef: BrainRef, memberRef: string, body: unknown): MemberView {
    const { brain, role: callerRole } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(updateMemberBody, checkRoleField(body));
    const role = input.role as Role;
    return this.db.transaction(() => {
      const member = this.memberOf(brain.id, memberRef);
      if (member.role === role) return memberView(member);
      if (member.role === 'Owner' || role === 'Owner') requireOwner(callerRole, 'Only an Owner can make or unmake an Owner.');
      if (member.role === 'Owner' && this.brains.countOwners(brain.id) <= 1) {
        throw new BadRequestError('The last Owner of a brain cannot be demoted; make someone else Owner first.', 'last_owner');
      }
      this.brains.setRole(brain.id, member.userId, role);
      this.audit.record({ brainId: brain.id, actor, action: 'member.update', target: member.userId, detail: { email: member.email, from: member.role, role } });
      return memberView({ ...member, role });
    }).immediate();
  }

  remove(actor: Actor, brainRef: BrainRef, memberRef: string): void {
    const { brain, role: callerRole } = this.access.require(actor, brainRef, 'Admin');
    this.db.transaction(() => {
      const member = this.memberOf(brain.id, memberRef);
      if (member.role === 'Owner') {
        requireOwner(callerRole, 'Only an Owner can remove an Owner.');
        if (this.brains.countOwners(brain.id) <= 1) {
          throw new BadRequestError('The last Owner of a brain cannot be removed; make someone else Owner first.', 'last_owner');
        }
      }
      this.brains.revoke(brain.id, member.userId);
      this.audit.record({ brainId: brain.id, actor, action: 'member.remove', target: member.userId, detail: { email: member.email, role: member.role } });
    }).immediate();
  }

  /** The user an add names; both forms must agree when both are given. Outside the workspace is 400. */
  private workspaceUser(input: AddMemberBody): UserRow {
    const byEmail = input.email ? this.users.userByEmail(input.email) : null;
    const byId = input.userId ? this.users.userById(input.userId) : null;
    if ((input.email && !byEmail) || (input.userId && !byId)) {
      const who = input.email ?? input.userId;
      throw new BadRequestError(`${who} is not a user of this workspace; only workspace users can be granted access.`, 'not_workspace_user');
    }
    if (byEmail && byId && byEmail.id !== byId.id) throw new BadRequestError('The email and the userId name different users.', 'member_user_mismatch');
    const user = (byEmail ?? byId)!;
    if (user.disabledAt) throw new BadRequestError(`${user.email} is disabled.`, 'not_workspace_user');
    return user;
  }

  /** A member named by user id or email; 404 when there is no such grant. */
  private memberOf(brainId: string, ref: string): MemberRow {
    const user = ref.includes('@') ? this.users.userByEmail(ref) : this.users.userById(ref);
    const member = user ? this.brains.member(brainId, user.id) : null;
    if (!member) throw new NotFoundError(`Member ${ref}`, 'member_not_found');
    return member;
  }
}

const memberView = toMemberWire;

function requireOwner(callerRole: Role, detail: string): void {
  if (!roleAtLeast(callerRole, 'Owner')) throw new ForbiddenError(detail, 'owner_required');
}

/** An unknown role is a 400 that names the allowed roles (before the generic schema message). */
function checkRoleField(body: unknown): unknown {
  if (body && typeof body === 'object' && 'role' in body) {
    const role = (body as { role: unknown }).role;
    if (role !== undefined && !isRole(role)) {
      throw new BadRequestError(`Unknown role '${String(role)}'; use ${ROLES.join(', ')}.`, 'invalid_role', { roles: [...ROLES] });
    }
  }
  return body ?? {};
}
