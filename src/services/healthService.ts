// Readiness: can this process serve? The database answers, every migration the code knows is
// applied, and every brain's repository is readable (HEAD present, head commit readable).
// Liveness (/healthz) asks none of this: a slow disk must not get a live process restarted.
import { BrainRepository } from '../storage/git/brainRepository.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import type { OpsRepo } from '../storage/sqlite/opsRepo.js';

export interface ReadinessCheck {
  /** `cluster` only when failing: this node is not on the set-up's volume or database (several nodes on PostgreSQL). */
  name: 'database' | 'migrations' | 'repositories' | 'cluster';
  ok: boolean;
  detail: string;
  /** Brains whose repository failed (repositories check only). */
  failing?: Array<{ brainId: string; error: string }>;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

export class HealthService {
  constructor(
    private readonly ops: OpsRepo,
    private readonly repos: RepoRegistry,
    /** What stands against this node's place in a multi-node set-up (ClusterService.problems). */
    private readonly clusterProblems: () => string[] = () => [],
  ) {}

  /** The numbers /metrics shows as gauges, or null once the database is closed. */
  counts(): { brains: number; pages: number; pendingWrites: number; inboxPending: number; inboxReview: number } | null {
    if (!this.ops.isOpen()) return null;
    return {
      brains: this.ops.countBrains(),
      pages: this.ops.countPages(),
      pendingWrites: this.ops.countPendingWrites(),
      inboxPending: this.ops.countInboxItems(0),
      inboxReview: this.ops.countInboxItems(1),
    };
  }

  async readiness(): Promise<Readiness> {
    const checks: ReadinessCheck[] = [];
    let brainIds: string[] = [];
    try {
      this.ops.ping();
      brainIds = this.ops.brainIds();
      checks.push({ name: 'database', ok: true, detail: 'The database answers.' });
    } catch (e) {
      checks.push({ name: 'database', ok: false, detail: `The database does not answer: ${(e as Error).message}` });
      checks.push({ name: 'migrations', ok: false, detail: 'Not checked: the database does not answer.' });
      checks.push({ name: 'repositories', ok: false, detail: 'Not checked: the database does not answer.' });
      return { ready: false, checks };
    }
    try {
      const missing = this.ops.missingMigrations();
      checks.push(
        missing.length
          ? { name: 'migrations', ok: false, detail: `Not applied: ${missing.map((m) => `${m.version} ${m.name}`).join(', ')}.` }
          : { name: 'migrations', ok: true, detail: 'Every migration is applied.' },
      );
    } catch (e) {
      checks.push({ name: 'migrations', ok: false, detail: `Could not read schema_migrations: ${(e as Error).message}` });
    }
    const failing: Array<{ brainId: string; error: string }> = [];
    for (const brainId of brainIds) {
      const repo = this.repos.get(brainId);
      try {
        if (!BrainRepository.exists(repo.gitdir)) throw new Error('the repository is missing');
        const head = repo.head();
        if (head) await repo.readCommit(head);
      } catch (e) {
        failing.push({ brainId, error: (e as Error).message });
      }
    }
    checks.push(
      failing.length
        ? { name: 'repositories', ok: false, detail: `${failing.length} of ${brainIds.length} repositories are not readable.`, failing }
        : { name: 'repositories', ok: true, detail: `${brainIds.length} repositories are readable.` },
    );
    // A node on another volume or database would diverge from the others: out of the balancer's pool.
    const cluster = this.clusterProblems();
    if (cluster.length) checks.push({ name: 'cluster', ok: false, detail: cluster.join(' ') });
    return { ready: checks.every((c) => c.ok), checks };
  }
}
