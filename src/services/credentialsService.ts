// Service credentials as a brain's settings manage them: list, issue (the key is returned once),
// revoke. The identity service mints and verifies keys; this adds who may do it: Admin or Owner
// on the brain, and nobody issues a key stronger than their own role.
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError, ForbiddenError } from '../domain/errors.js';
import { isRole, roleAtLeast, ROLES } from '../domain/roles.js';
import { createCredentialBody } from '../domain/schemas/credentials.js';
import { validate } from '../domain/validate.js';
import type { AccessService } from './accessService.js';
import type { IdentityService, PublicCredential } from './identityService.js';


export class CredentialsService {
  constructor(
    private readonly access: AccessService,
    private readonly identity: IdentityService,
  ) {}

  list(actor: Actor, brainRef: BrainRef): { credentials: PublicCredential[] } {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    return { credentials: this.identity.listCredentials(brain.id) };
  }

  /** `body`: role and an optional label, as `createCredentialBody` (the form's limits) says. */
  create(actor: Actor, brainRef: BrainRef, body: { role: unknown; label?: unknown }): { key: string; credential: PublicCredential } {
    const { brain, role: callerRole } = this.access.require(actor, brainRef, 'Admin');
    if (!isRole(body.role)) {
      throw new BadRequestError(`Unknown role '${String(body.role)}'; use ${ROLES.join(', ')}.`, 'invalid_role', { roles: [...ROLES] });
    }
    const input = validate(createCredentialBody, body);
    if (!roleAtLeast(callerRole, input.role)) {
      throw new ForbiddenError(`You hold ${callerRole} on this brain and cannot issue a ${input.role} credential.`, 'role_above_yours');
    }
    return this.identity.createCredential({ brainId: brain.id, role: input.role, label: input.label?.trim() ?? '' }, actor);
  }

  revoke(actor: Actor, brainRef: BrainRef, credentialId: string): void {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    this.identity.revokeCredential(brain.id, credentialId, actor);
  }
}
