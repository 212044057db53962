// First start on an empty data folder: a first owner, the default brain `main`, then the workspace
// row. It runs once, from whichever command comes first (`serve` or any CLI command), and is safe
// when two processes start at once:
// - the processes take turns under the set-up lock: the data folder's on SQLite
//   (storage/sqlite/setupLock.ts), the database's advisory lock on PostgreSQL (storage/postgres/setupLock.ts);
// - the workspace row is written last, so it marks a finished set-up: whoever comes later sees it
//   and does nothing;
// - each step picks up what a killed earlier attempt left (an owner without a brain, a brain
//   without the workspace row), so the set-up finishes rather than failing on a duplicate.
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../domain/actor.js';
import type { IdentityRepo } from '../storage/sqlite/identityRepo.js';
import { withNodeSetupLock } from '../storage/backend.js';
import type { SyncDb } from '../storage/syncDb.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';
import type { IdentityService } from './identityService.js';
import { randomPassword } from './secrets.js';

export const DEFAULT_BRAIN_SLUG = 'main';

export interface BootstrapResult {
  created: boolean;
  ownerEmail?: string;
  ownerPassword?: string;
  brainSlug?: string;
}

export interface BootstrapDeps {
  identityRepo: IdentityRepo;
  identity: IdentityService;
  brains: BrainsService;
  access: AccessService;
  config: { dataDir: string };
  /** The node's database: on PostgreSQL the set-up lock is taken there. */
  db: SyncDb;
}

/**
 * Whether the first-start set-up has run. A workspace row without any user or brain is what the
 * CLI used to leave when it ran before the first `serve`: that folder was never set up.
 */
function isSetUp(deps: BootstrapDeps): boolean {
  if (!deps.identityRepo.workspace()) return false;
  return deps.identityRepo.countUsers() > 0 || deps.brains.list(SYSTEM_ACTOR).length > 0;
}

export async function bootstrapWorkspace(deps: BootstrapDeps, ownerEmail: string): Promise<BootstrapResult> {
  if (isSetUp(deps)) return { created: false };
  return withNodeSetupLock(deps.db, deps.config.dataDir, async () => {
    if (isSetUp(deps)) return { created: false }; // another process set it up while we waited
    const password = randomPassword();
    const existing = deps.identity.findUser(ownerEmail);
    // An owner left by a set-up that was killed gets a new password: the old one was never shown.
    const owner = existing
      ? await deps.identity.setPassword(existing.id, password, SYSTEM_ACTOR)
      : await deps.identity.createUser({ email: ownerEmail, name: 'Owner', password }, SYSTEM_ACTOR);
    const brain = deps.access.findBrain(DEFAULT_BRAIN_SLUG) ?? (await deps.brains.create(SYSTEM_ACTOR, { slug: DEFAULT_BRAIN_SLUG, name: 'Main', templateKey: 'default' }, { ownerUserId: owner.id }));
    if (!deps.identityRepo.workspace()) deps.identityRepo.createWorkspace(randomUUID(), 'Brainkeep', new Date().toISOString());
    return { created: true, ownerEmail: owner.email, ownerPassword: password, brainSlug: brain.slug };
  });
}

/** What the first start prints once: where to sign in, the one-time password, a first credential. */
export function setUpMessage(boot: BootstrapResult, baseUrl: string): string[] {
  if (!boot.created) return [];
  return [
    '',
    `Brainkeep is set up: a workspace, a first owner and the default brain "${boot.brainSlug}".`,
    `  Sign in at   ${baseUrl}/  as ${boot.ownerEmail}`,
    `  Password     ${boot.ownerPassword}   (shown once; change it with: npx brainkeep user set-password --email ${boot.ownerEmail} --password NEW)`,
    `  Credential   npx brainkeep credential create --brain ${boot.brainSlug} --role Write --label my-agent`,
    `  Try it       curl -H "Authorization: Bearer <ck_...>" ${baseUrl}/api/v1/brains`,
    '',
  ];
}
