// Service credentials as a brain's settings manage them: list, issue (the key is returned once),
// revoke. The identity service mints and verifies keys; this adds who may do it: Admin or Owner
// on the brain, and nobody issues a key stronger than their own role.
import type { Actor } from '../domain/actor.js';
import { BadRequestError, ForbiddenError } from '../domain/errors.js';
import { isRole, roleAtLeast, ROLES } from '../domain/roles.js';
import type { AccessService } from './accessService.js';
import type { IdentityService, PublicCredential } from './identityService.js';

type Opts = { named?: boolean };

export class CredentialsService {
  constructor(
    private readonly access: AccessService,
    private readonly identity: IdentityService,
  ) {}

  list(actor: Actor, brainRef: string, opts: Opts = {}): { credentials: PublicCredential[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin', opts);
    return { credentials: this.identity.listCredentials(brain.id) };
  }

  create(actor: Actor, brainRef: string, input: { role: unknown; label?: string | null }, opts: Opts = {}): { key: string; credential: PublicCredential } {
    const { brain, role: callerRole } = this.access.require(actor, brainRef, 'Admin', opts);
    if (!isRole(input.role)) {
      throw new BadRequestError(`Unknown role '${String(input.role)}'; use ${ROLES.join(', ')}.`, 'invalid_role', { roles: [...ROLES] });
    }
    if (!roleAtLeast(callerRole, input.role)) {
      throw new ForbiddenError(`You hold ${callerRole} on this brain and cannot issue a ${input.role} credential.`, 'role_above_yours');
    }
    const label = input.label?.trim() ?? '';
    if (label.length > 100) throw new BadRequestError('The label can have at most 100 characters.', 'invalid_label');
    return this.identity.createCredential({ brainId: brain.id, role: input.role, label }, actor);
  }

  revoke(actor: Actor, brainRef: string, credentialId: string, opts: Opts = {}): void {
    const { brain } = this.access.require(actor, brainRef, 'Admin', opts);
    this.identity.revokeCredential(brain.id, credentialId, actor);
  }
}
