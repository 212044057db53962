// First start on an empty data folder: the workspace, a first owner and the default brain.
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../domain/actor.js';
import type { IdentityRepo } from '../storage/sqlite/identityRepo.js';
import type { BrainsService } from './brainsService.js';
import type { IdentityService } from './identityService.js';
import { randomPassword } from './secrets.js';

export interface BootstrapResult {
  created: boolean;
  ownerEmail?: string;
  ownerPassword?: string;
  brainSlug?: string;
}

export async function bootstrapWorkspace(
  deps: { identityRepo: IdentityRepo; identity: IdentityService; brains: BrainsService },
  ownerEmail: string,
): Promise<BootstrapResult> {
  if (deps.identityRepo.workspace()) return { created: false };
  const now = new Date().toISOString();
  deps.identityRepo.createWorkspace(randomUUID(), 'Brainkeep', now);
  const password = randomPassword();
  const owner = await deps.identity.createUser({ email: ownerEmail, name: 'Owner', password }, SYSTEM_ACTOR);
  const brain = await deps.brains.create(SYSTEM_ACTOR, { slug: 'main', name: 'Main', templateKey: 'default' }, { ownerUserId: owner.id });
  return { created: true, ownerEmail: owner.email, ownerPassword: password, brainSlug: brain.slug };
}

/** The CLI may run before the server ever did: make sure a workspace row exists. */
export function ensureWorkspace(identityRepo: IdentityRepo): void {
  if (!identityRepo.workspace()) identityRepo.createWorkspace(randomUUID(), 'Brainkeep', new Date().toISOString());
}
