// Audit rows: who (user, credential, system), what, when, on which brain.
import { boundLimit, type SyncDb } from '../syncDb.js';
import { actorIdentity, actorRef, type Actor } from '../../domain/actor.js';

export interface AuditEntry {
  brainId: string | null;
  actor: Actor;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditRow {
  id: number;
  at: string;
  brainId: string | null;
  actor: string;
  actorName: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
}

export class AuditRepo {
  private readonly insert;
  constructor(private readonly db: SyncDb) {
    this.insert = db.prepare(
      'INSERT INTO audit (at, brain_id, actor, actor_name, action, target, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  record(entry: AuditEntry, at = new Date().toISOString()): void {
    this.insert.run(
      at,
      entry.brainId,
      actorRef(entry.actor),
      actorIdentity(entry.actor).name,
      entry.action,
      entry.target ?? null,
      entry.detail ? JSON.stringify(entry.detail) : null,
    );
  }

  list(brainId: string | null, limit = 100): AuditRow[] {
    const rows = (
      brainId
        ? this.db.prepare(`SELECT * FROM audit WHERE brain_id = ? ORDER BY id DESC LIMIT ${boundLimit(this.db)}`).all(brainId, limit)
        : this.db.prepare(`SELECT * FROM audit ORDER BY id DESC LIMIT ${boundLimit(this.db)}`).all(limit)
    ) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: r.id as number,
      at: r.at as string,
      brainId: r.brain_id as string | null,
      actor: r.actor as string,
      actorName: r.actor_name as string | null,
      action: r.action as string,
      target: r.target as string | null,
      detail: r.detail ? (JSON.parse(r.detail as string) as Record<string, unknown>) : null,
    }));
  }
}
