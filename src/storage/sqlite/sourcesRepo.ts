// Webhook ingest sources (state). The secret is stored only as AES-256-GCM ciphertext.
import type { Source, SourceMode } from '../../domain/entities/source.js';
import { ConfigCache, configChanged } from './configCache.js';
import type { SyncDb } from '../syncDb.js';

/** The stored source is the domain entity (domain/entities/source.ts). */
export type SourceRow = Source;

export type SourceEdit = Partial<Pick<SourceRow, 'label' | 'targetFolder' | 'partition' | 'skill' | 'allowedContentTypes' | 'maxBytes' | 'allowedSenderDomains'>>;

const EDITABLE: Record<keyof SourceEdit, string> = {
  label: 'label',
  targetFolder: 'target_folder',
  partition: 'partition',
  skill: 'skill',
  allowedContentTypes: 'allowed_content_types',
  maxBytes: 'max_bytes',
  allowedSenderDomains: 'allowed_sender_domains',
};

export class SourcesRepo {
  private readonly stmts;
  /** A brain's sources, read by every delivery; kept until a source or brain changes. */
  private readonly cache: ConfigCache<readonly SourceRow[]>;

  constructor(private readonly db: SyncDb) {
    this.cache = new ConfigCache(db);
    this.stmts = {
      ofBrain: db.prepare('SELECT * FROM ingest_sources WHERE brain_id = ? ORDER BY created_at, id'),
      touch: db.prepare('UPDATE ingest_sources SET last_delivery_at = ? WHERE id = ?'),
    };
  }

  insert(s: SourceRow): void {
    this.db
      .prepare(
        `INSERT INTO ingest_sources (id, brain_id, kind, label, mode, secret_cipher, target_folder, partition, skill, allowed_content_types,
           max_bytes, allowed_sender_domains, created_at, created_by, updated_at, last_delivery_at)
         VALUES (@id, @brainId, @kind, @label, @mode, @secretCipher, @targetFolder, @partition, @skill, @allowedContentTypes,
           @maxBytes, @allowedSenderDomains, @createdAt, @createdBy, @updatedAt, @lastDeliveryAt)`,
      )
      .run({ ...s, allowedContentTypes: JSON.stringify(s.allowedContentTypes), allowedSenderDomains: JSON.stringify(s.allowedSenderDomains) });
    configChanged(this.db);
  }

  ofBrain(brainId: string): readonly SourceRow[] {
    return this.cache.get(brainId, () => (this.stmts.ofBrain.all(brainId) as Array<Record<string, unknown>>).map((r) => Object.freeze(toSource(r)))) ?? [];
  }

  get(brainId: string, id: string): SourceRow | null {
    const r = this.db.prepare('SELECT * FROM ingest_sources WHERE brain_id = ? AND id = ?').get(brainId, id) as Record<string, unknown> | undefined;
    return r ? toSource(r) : null;
  }

  update(id: string, edit: SourceEdit, at: string): void {
    const keys = (Object.keys(edit) as Array<keyof SourceEdit>).filter((k) => k in EDITABLE && edit[k] !== undefined);
    const params: Record<string, unknown> = { id, at };
    for (const k of keys) {
      const v = edit[k];
      params[k] = Array.isArray(v) ? JSON.stringify(v) : v;
    }
    const sets = [...keys.map((k) => `${EDITABLE[k]} = @${k}`), 'updated_at = @at'];
    this.db.prepare(`UPDATE ingest_sources SET ${sets.join(', ')} WHERE id = @id`).run(params);
    configChanged(this.db);
  }

  delete(id: string): boolean {
    const gone = this.db.prepare('DELETE FROM ingest_sources WHERE id = ?').run(id).changes === 1;
    configChanged(this.db);
    return gone;
  }

  touch(id: string, at: string): void {
    this.stmts.touch.run(at, id);
    configChanged(this.db);
  }
}

function toSource(r: Record<string, unknown>): SourceRow {
  return {
    id: r.id as string,
    brainId: r.brain_id as string,
    kind: r.kind as string,
    label: r.label as string,
    mode: r.mode as SourceMode,
    secretCipher: r.secret_cipher as string,
    targetFolder: (r.target_folder as string | null) ?? null,
    partition: (r.partition as string | null) ?? null,
    skill: (r.skill as string | null) ?? null,
    allowedContentTypes: JSON.parse(r.allowed_content_types as string) as string[],
    maxBytes: (r.max_bytes as number | null) ?? null,
    allowedSenderDomains: JSON.parse(r.allowed_sender_domains as string) as string[],
    createdAt: r.created_at as string,
    createdBy: (r.created_by as string | null) ?? null,
    updatedAt: r.updated_at as string,
    lastDeliveryAt: (r.last_delivery_at as string | null) ?? null,
  };
}
