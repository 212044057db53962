// Brains and their members (state tables).
import { brainRowsRemoved } from './brainRowsRemoved.js';
import { ConfigCache, configChanged } from './configCache.js';
import { writeTx } from './database.js';
import type { SyncDb } from '../syncDb.js';
import type { Brain } from '../../domain/entities/brain.js';
import type { Member } from '../../domain/entities/member.js';
import type { Role } from '../../domain/roles.js';

/** The entities are defined in domain/entities (brain.ts, member.ts). */
export type BrainRow = Brain;
export type MemberRow = Member;

export class BrainsRepo {
  // Every request resolves its brain: compile these lookups once, not per call,
  // and keep the rows found until a brain changes (see configCache.ts).
  private readonly byIdStmt;
  private readonly bySlugStmt;
  private readonly cache: ConfigCache<BrainRow>;

  constructor(private readonly db: SyncDb) {
    // A brain in the trash (deleted_at set, migration 024) is no brain to any lookup.
    this.byIdStmt = db.prepare('SELECT * FROM brains WHERE id = ? AND deleted_at IS NULL');
    this.bySlugStmt = db.prepare('SELECT * FROM brains WHERE slug = ? AND deleted_at IS NULL');
    this.cache = new ConfigCache(db);
  }

  insert(b: BrainRow): void {
    this.db
      .prepare(
        `INSERT INTO brains (id, slug, name, description, visibility, template_key, embedding_provider, embedding_model, embedding_dimensions, created_at, created_by)
         VALUES (@id, @slug, @name, @description, @visibility, @templateKey, @embeddingProvider, @embeddingModel, @embeddingDimensions, @createdAt, @createdBy)`,
      )
      .run(b);
    configChanged(this.db);
  }

  byId(id: string): BrainRow | null {
    return this.cache.get(`id:${id}`, () => {
      const r = this.byIdStmt.get(id) as Record<string, unknown> | undefined;
      return r ? toBrain(r) : null;
    });
  }

  bySlug(slug: string): BrainRow | null {
    return this.cache.get(`slug:${slug}`, () => {
      const r = this.bySlugStmt.get(slug) as Record<string, unknown> | undefined;
      return r ? toBrain(r) : null;
    });
  }

  all(): BrainRow[] {
    return (this.db.prepare('SELECT * FROM brains WHERE deleted_at IS NULL ORDER BY created_at, slug').all() as Array<Record<string, unknown>>).map(toBrain);
  }

  /** A brain in the trash, by slug (for a restore). */
  trashedBySlug(slug: string): (BrainRow & { deletedAt: string }) | null {
    const r = this.db.prepare('SELECT * FROM brains WHERE slug = ? AND deleted_at IS NOT NULL').get(slug) as Record<string, unknown> | undefined;
    return r ? { ...toBrain(r), deletedAt: r.deleted_at as string } : null;
  }

  /** Brains in the trash, oldest deletion first. */
  trashed(): Array<BrainRow & { deletedAt: string }> {
    const rows = this.db.prepare('SELECT * FROM brains WHERE deleted_at IS NOT NULL ORDER BY deleted_at').all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({ ...toBrain(r), deletedAt: r.deleted_at as string }));
  }

  /** Put a brain in the trash (a tombstone: its rows stay, every lookup stops finding it). */
  markDeleted(id: string, at: string, by: string | null): void {
    this.db.prepare('UPDATE brains SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL').run(at, by, id);
    configChanged(this.db);
  }

  /** Take a brain out of the trash. */
  clearDeleted(id: string): void {
    this.db.prepare('UPDATE brains SET deleted_at = NULL, deleted_by = NULL WHERE id = ?').run(id);
    configChanged(this.db);
  }

  /** Run `fn` as one IMMEDIATE transaction: every change it makes through this repo (and others on the database) or none. */
  transaction<T>(fn: () => T): T {
    return writeTx(this.db, fn);
  }

  setSlug(id: string, slug: string): void {
    this.db.prepare('UPDATE brains SET slug = ? WHERE id = ?').run(slug, id);
    configChanged(this.db);
  }

  slugTaken(slug: string): boolean {
    return this.db.prepare('SELECT 1 FROM brains WHERE slug = ?').get(slug) !== undefined;
  }

  update(id: string, fields: Partial<Pick<BrainRow, 'name' | 'description' | 'visibility' | 'embeddingProvider' | 'embeddingModel' | 'embeddingDimensions'>>): void {
    const cols: Record<string, string> = {
      name: 'name',
      description: 'description',
      visibility: 'visibility',
      embeddingProvider: 'embedding_provider',
      embeddingModel: 'embedding_model',
      embeddingDimensions: 'embedding_dimensions',
    };
    const sets = Object.keys(fields).filter((k) => k in cols);
    if (!sets.length) return;
    this.db.prepare(`UPDATE brains SET ${sets.map((k) => `${cols[k]} = @${k}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
    configChanged(this.db);
  }

  delete(id: string): void {
    this.db.transaction(() => {
      // Links name their pages by row id, not the brain (migration 021): they go first, by their targets.
      this.db.prepare('DELETE FROM search_links WHERE target_id IN (SELECT id FROM search_link_targets WHERE brain_id = ?)').run(id);
      this.db.prepare('DELETE FROM brains WHERE id = ?').run(id);
    })();
    configChanged(this.db);
    // Its pages and chunks went by FK cascade, beside the index hooks: what is kept of them goes.
    brainRowsRemoved(this.db, id);
  }

  // ---- members

  memberRole(brainId: string, userId: string): Role | null {
    const r = this.db.prepare('SELECT role FROM members WHERE brain_id = ? AND user_id = ?').get(brainId, userId) as { role: Role } | undefined;
    return r?.role ?? null;
  }

  members(brainId: string): MemberRow[] {
    const rows = this.db
      .prepare(
        `SELECT m.brain_id, m.user_id, u.email, u.display_name, m.role, m.granted_at
         FROM members m JOIN users u ON u.id = m.user_id WHERE m.brain_id = ? ORDER BY m.granted_at, u.email`,
      )
      .all(brainId) as Array<Record<string, string>>;
    return rows.map((r) => ({
      brainId: r.brain_id!,
      userId: r.user_id!,
      email: r.email!,
      displayName: r.display_name!,
      role: r.role as Role,
      grantedAt: r.granted_at!,
    }));
  }

  member(brainId: string, userId: string): MemberRow | null {
    return this.members(brainId).find((m) => m.userId === userId) ?? null;
  }

  countOwners(brainId: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM members WHERE brain_id = ? AND role = 'Owner'").get(brainId) as { n: number }).n;
  }

  grant(brainId: string, userId: string, role: Role, grantedBy: string | null, at = new Date().toISOString()): void {
    this.db
      .prepare('INSERT INTO members (brain_id, user_id, role, granted_at, granted_by) VALUES (?, ?, ?, ?, ?)')
      .run(brainId, userId, role, at, grantedBy);
  }

  setRole(brainId: string, userId: string, role: Role): void {
    this.db.prepare('UPDATE members SET role = ? WHERE brain_id = ? AND user_id = ?').run(role, brainId, userId);
  }

  revoke(brainId: string, userId: string): void {
    this.db.prepare('DELETE FROM members WHERE brain_id = ? AND user_id = ?').run(brainId, userId);
  }

  /** Brain ids the user holds a grant on, with the role. */
  grantsOf(userId: string): Map<string, Role> {
    const rows = this.db.prepare('SELECT brain_id, role FROM members WHERE user_id = ?').all(userId) as Array<{ brain_id: string; role: Role }>;
    return new Map(rows.map((r) => [r.brain_id, r.role]));
  }
}

function toBrain(r: Record<string, unknown>): BrainRow {
  return {
    id: r.id as string,
    slug: r.slug as string,
    name: (r.name as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    visibility: r.visibility as number,
    templateKey: r.template_key as string,
    embeddingProvider: r.embedding_provider as number,
    embeddingModel: (r.embedding_model as string | null) ?? null,
    embeddingDimensions: r.embedding_dimensions as number,
    createdAt: r.created_at as string,
    createdBy: (r.created_by as string | null) ?? null,
  };
}
