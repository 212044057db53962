// Partitions of a brain (state): key, name, the email domains that claim items, aliases, archive flag.
import type { Partition } from '../../domain/entities/partition.js';
import type { SyncDb } from '../syncDb.js';

/** The entity is defined in domain/entities/partition.ts. */
export type PartitionRow = Partition;

export class PartitionsRepo {
  // Read on every upload (is the brain partitioned? which partition?): compiled once.
  private readonly stmts;

  constructor(private readonly db: SyncDb) {
    this.stmts = {
      get: db.prepare('SELECT * FROM partitions WHERE brain_id = ? AND key = ?'),
      list: db.prepare('SELECT * FROM partitions WHERE brain_id = ? ORDER BY key'),
      hasActive: db.prepare('SELECT 1 FROM partitions WHERE brain_id = ? AND archived_at IS NULL LIMIT 1'),
    };
  }

  /** Insert; false when the key is taken in this brain (archived keys stay taken). */
  insert(p: PartitionRow): boolean {
    const info = this.db
      .prepare(
        `INSERT INTO partitions (brain_id, key, name, domains, aliases, external_ref, folder, archived_at, created_at)
         VALUES (@brainId, @key, @name, @domains, @aliases, @externalRef, @folder, @archivedAt, @createdAt)
         ON CONFLICT (brain_id, key) DO NOTHING`,
      )
      .run({ ...p, domains: JSON.stringify(p.domains), aliases: JSON.stringify(p.aliases) });
    return info.changes === 1;
  }

  get(brainId: string, key: string): PartitionRow | null {
    const r = this.stmts.get.get(brainId, key) as Record<string, unknown> | undefined;
    return r ? toPartition(r) : null;
  }

  list(brainId: string): PartitionRow[] {
    return (this.stmts.list.all(brainId) as Array<Record<string, unknown>>).map(toPartition);
  }

  active(brainId: string): PartitionRow[] {
    return this.list(brainId).filter((p) => !p.archivedAt);
  }

  hasActive(brainId: string): boolean {
    return this.stmts.hasActive.get(brainId) !== undefined;
  }

  keys(brainId: string): Set<string> {
    return new Set((this.db.prepare('SELECT key FROM partitions WHERE brain_id = ?').all(brainId) as Array<{ key: string }>).map((r) => r.key));
  }

  update(brainId: string, key: string, fields: Partial<Pick<PartitionRow, 'name' | 'domains' | 'aliases' | 'externalRef'>>): void {
    const sets: string[] = [];
    const params: Record<string, unknown> = { brainId, key };
    if (fields.name !== undefined) (sets.push('name = @name'), (params.name = fields.name));
    if (fields.domains !== undefined) (sets.push('domains = @domains'), (params.domains = JSON.stringify(fields.domains)));
    if (fields.aliases !== undefined) (sets.push('aliases = @aliases'), (params.aliases = JSON.stringify(fields.aliases)));
    if (fields.externalRef !== undefined) (sets.push('external_ref = @externalRef'), (params.externalRef = fields.externalRef));
    if (!sets.length) return;
    this.db.prepare(`UPDATE partitions SET ${sets.join(', ')} WHERE brain_id = @brainId AND key = @key`).run(params);
  }

  setArchived(brainId: string, key: string, at: string | null): void {
    this.db.prepare('UPDATE partitions SET archived_at = ? WHERE brain_id = ? AND key = ?').run(at, brainId, key);
  }

  delete(brainId: string, key: string): void {
    this.db.prepare('DELETE FROM partitions WHERE brain_id = ? AND key = ?').run(brainId, key);
  }
}

function toPartition(r: Record<string, unknown>): PartitionRow {
  return {
    brainId: r.brain_id as string,
    key: r.key as string,
    name: r.name as string,
    domains: JSON.parse(r.domains as string) as string[],
    aliases: JSON.parse(r.aliases as string) as string[],
    externalRef: (r.external_ref as string | null) ?? null,
    folder: r.folder as string,
    archivedAt: (r.archived_at as string | null) ?? null,
    createdAt: r.created_at as string,
  };
}
