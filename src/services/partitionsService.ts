// Partitions (clients, sites, matters): create with their folder as a commit, update, archive,
// restore, import many, and purge (Owner only, archived only, with the flag): the folder's pages go
// in one commit, the partition's inbox items and their content with it, and the audit says so.
// Also the domain rules the inbox uses to decide an item's client.
import { toPartitionWire, type PartitionWire } from '../domain/entities/partition.js';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../domain/errors.js';
import { domainMatches, normalizeDomain } from '../domain/inbox.js';
import { importPartitionsBody, createPartitionBody, updatePartitionBody, type CreatePartitionBody, type ListPartitionsQuery, type UpdatePartitionBody } from '../domain/schemas/partitions.js';
import { isSlug, slugify } from '../domain/slug.js';
import { validate } from '../domain/validate.js';
import type { ContentStore } from '../storage/contentStore.js';
import type { AuditRepo } from '../storage/sqlite/auditRepo.js';
import type { SyncDb } from '../storage/syncDb.js';
import type { InboxRepo } from '../storage/sqlite/inboxRepo.js';
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import type { PartitionRow, PartitionsRepo } from '../storage/sqlite/partitionsRepo.js';
import type { WriteOp, WritePlan } from '../storage/writePath.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';
import type { PagesService } from './pagesService.js';

export type PartitionView = PartitionWire;


/** Used when a brain's schema names no partition folder and its first partition is created. */
export const DEFAULT_PARTITION_FOLDER = 'partitions';

/** Thrown inside a write plan when, under the lock, there turns out to be nothing to commit. */
class NothingToCommit extends Error {}

export class PartitionsService {
  constructor(
    private readonly db: SyncDb,
    private readonly repo: PartitionsRepo,
    private readonly inbox: InboxRepo,
    private readonly content: ContentStore,
    private readonly access: AccessService,
    private readonly brains: BrainsService,
    private readonly pages: PagesService,
    private readonly pageIndex: PageIndexRepo,
    private readonly audit: AuditRepo,
  ) {}

  list(actor: Actor, brainRef: BrainRef, q: ListPartitionsQuery = {}): { partitions: PartitionView[] } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const status = q.status?.trim().toLowerCase() || 'all';
    if (!['all', 'active', 'archived'].includes(status)) {
      throw new BadRequestError("The status parameter must be 'active', 'archived' or 'all'.", 'invalid_parameter');
    }
    const needle = q.query?.trim().toLowerCase() ?? '';
    const partitions = this.repo
      .list(brain.id)
      .filter((p) => status === 'all' || (status === 'archived') === (p.archivedAt != null))
      .filter((p) => !needle || [p.key, p.name, ...p.aliases, ...p.domains, p.externalRef ?? ''].some((v) => v.toLowerCase().includes(needle)))
      .map(view);
    return { partitions };
  }

  get(actor: Actor, brainRef: BrainRef, key: string): PartitionView {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return view(this.mustGet(brain.id, key));
  }

  async create(actor: Actor, brainRef: BrainRef, body: unknown): Promise<PartitionView> {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(createPartitionBody, body);
    const planned = this.planKeys(brain.id, [input], true);
    const { inserted } = await this.createRows(actor, brain.id, planned.rows);
    if (!inserted.length) throw new ConflictError(`The partition key '${planned.rows[0]!.key}' is in use.`, 'partition_key_taken');
    return view(inserted[0]!);
  }

  async import(actor: Actor, brainRef: BrainRef, body: unknown): Promise<{ created: string[]; skipped: Array<{ key: string | null; reason: string }> }> {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const inputs = validate(importPartitionsBody, body);
    const planned = this.planKeys(brain.id, inputs, false);
    const { inserted, raced } = planned.rows.length ? await this.createRows(actor, brain.id, planned.rows) : { inserted: [], raced: [] };
    return { created: inserted.map((r) => r.key), skipped: [...planned.skipped, ...raced.map((key) => ({ key, reason: 'key in use' }))] };
  }

  async update(actor: Actor, brainRef: BrainRef, key: string, body: unknown): Promise<PartitionView> {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const input = validate(updatePartitionBody, body ?? {});
    const current = this.mustGet(brain.id, key);
    const fields = {
      name: input.name?.trim(),
      domains: input.domains ? cleanDomains(input.domains) : undefined,
      aliases: input.aliases ? cleanList(input.aliases) : undefined,
      externalRef: input.externalRef === undefined ? undefined : input.externalRef?.trim() || null,
    };
    this.db.transaction(() => {
      this.repo.update(brain.id, current.key, fields);
      this.audit.record({ brainId: brain.id, actor, action: 'partition.update', target: current.key, detail: { fields: Object.keys(input) } });
    }).immediate();
    return view(this.mustGet(brain.id, key));
  }

  archive(actor: Actor, brainRef: BrainRef, key: string): PartitionView {
    return this.setArchived(actor, brainRef, key, true);
  }

  restore(actor: Actor, brainRef: BrainRef, key: string): PartitionView {
    return this.setArchived(actor, brainRef, key, false);
  }

  private setArchived(actor: Actor, brainRef: BrainRef, key: string, archived: boolean): PartitionView {
    const { brain } = this.access.require(actor, brainRef, 'Admin');
    const current = this.mustGet(brain.id, key);
    if ((current.archivedAt != null) !== archived) {
      this.db.transaction(() => {
        this.repo.setArchived(brain.id, current.key, archived ? new Date().toISOString() : null);
        this.audit.record({ brainId: brain.id, actor, action: archived ? 'partition.archive' : 'partition.restore', target: current.key });
      }).immediate();
    }
    return view(this.mustGet(brain.id, key));
  }

  /**
   * Remove an archived partition for good: its folder's pages (one commit), its inbox items
   * and their stored content, and the partition itself.
   */
  async purge(actor: Actor, brainRef: BrainRef, key: string, q: { purge: boolean }): Promise<{ pagesRemoved: number; itemsRemoved: number }> {
    const { brain } = this.access.require(actor, brainRef, 'Owner');
    if (!q.purge) throw new BadRequestError('Deleting a partition removes its pages and inbox items for good; confirm with purge=true.', 'purge_flag_required');
    const partition = this.mustGet(brain.id, key);
    if (!partition.archivedAt) throw new ConflictError(`Partition '${partition.key}' is active; archive it before purging.`, 'partition_not_archived');
    let pagesRemoved = 0;
    try {
      await this.pages.writePlanned(actor, brain.id, async (state) => {
        const prefix = `${partition.folder}/`;
        const files = (await state.repo.listFiles(state.head)).filter((f) => f.path.startsWith(prefix));
        if (!files.length) throw new NothingToCommit();
        pagesRemoved = files.length;
        return {
          ops: files.map((f) => ({ op: 'delete' as const, path: f.path })),
          message: `Purge partition ${partition.key} (${files.length} files under ${partition.folder}/)`,
          opName: 'purge-partition',
          trailers: { 'Brainkeep-Partition': partition.key },
          audit: { action: 'partition.purge_pages', target: partition.key, detail: { files: files.length } },
        };
      });
    } catch (e) {
      if (!(e instanceof NothingToCommit)) throw e;
    }
    const items = this.inbox.itemsOfPartition(brain.id, partition.key);
    this.db.transaction(() => {
      this.inbox.deleteItems(items.map((i) => i.id));
      this.repo.delete(brain.id, partition.key);
      this.audit.record({
        brainId: brain.id,
        actor,
        action: 'partition.purge',
        target: partition.key,
        detail: { folder: partition.folder, pagesRemoved, itemsRemoved: items.length, itemIds: items.map((i) => i.id) },
      });
    }).immediate();
    for (const sha of new Set(items.map((i) => i.sha256))) {
      await this.content.locks.run(sha, async () => {
        if (!this.inbox.contentInUse(sha)) await this.content.remove(sha);
      });
    }
    return { pagesRemoved, itemsRemoved: items.length };
  }

  // ---- used by the inbox and webhook sources

  /** The active partition with this key, or 422 listing the active keys. */
  requireActive(brainId: string, key: string): PartitionRow {
    const p = this.repo.get(brainId, key.trim());
    if (p && !p.archivedAt) return p;
    const partitions = this.repo.active(brainId).map((x) => x.key);
    throw new UnprocessableError(
      p ? `Partition '${p.key}' is archived; restore it or use another.` : `There is no partition '${key}' in this brain.`,
      p ? 'partition_archived' : 'unknown_partition',
      { partitions },
    );
  }

  /** A brain is partitioned when its schema names a partition folder and it has an active partition. */
  async isPartitioned(brainId: string): Promise<boolean> {
    // The cheap indexed lookup first: most brains have no partition, and then every upload
    // would read the schema's commit for nothing.
    if (!this.repo.hasActive(brainId)) return false;
    const schema = await this.brains.schemaOf(brainId);
    return schema.partitionFolder != null;
  }

  /** The one active partition claiming any of these domains, or null when none or several do. */
  partitionForDomains(brainId: string, domains: string[]): string | null {
    if (!domains.length) return null;
    const claiming = this.repo.active(brainId).filter((p) => p.domains.some((owned) => domains.some((d) => domainMatches(d, owned))));
    return claiming.length === 1 ? claiming[0]!.key : null;
  }

  /** Add domains to a partition, skipping those another active partition already claims. */
  rememberDomains(brainId: string, key: string, domains: string[]): string[] {
    const others = this.repo.active(brainId).filter((p) => p.key !== key);
    const partition = this.repo.get(brainId, key);
    if (!partition) return [];
    const added = domains.filter(
      (d) => !partition.domains.some((owned) => domainMatches(d, owned)) && !others.some((o) => o.domains.some((owned) => domainMatches(d, owned))),
    );
    if (added.length) this.repo.update(brainId, key, { domains: [...partition.domains, ...added] });
    return added;
  }

  // ---- internals

  private mustGet(brainId: string, key: string): PartitionRow {
    const p = this.repo.get(brainId, key);
    if (!p) throw new NotFoundError(`Partition ${key}`, 'partition_not_found');
    return p;
  }

  /** Choose keys: explicit ones must be slugs and free (400/409 for one, skipped in an import). */
  private planKeys(brainId: string, inputs: CreatePartitionBody[], single: boolean): { rows: Array<Omit<PartitionRow, 'folder'>>; skipped: Array<{ key: string | null; reason: string }> } {
    const taken = this.repo.keys(brainId);
    const rows: Array<Omit<PartitionRow, 'folder'>> = [];
    const skipped: Array<{ key: string | null; reason: string }> = [];
    const now = new Date().toISOString();
    for (const input of inputs) {
      const name = input.name.trim();
      let key = input.key?.trim() || null;
      if (!name) {
        if (single) throw new BadRequestError('name must not be blank.', 'invalid_name');
        skipped.push({ key, reason: 'name is blank' });
        continue;
      }
      if (key) {
        if (!isSlug(key)) {
          if (single) throw new BadRequestError('key must be lower-case letters, digits and dashes (at most 64).', 'invalid_key');
          skipped.push({ key, reason: 'key must be lower-case letters, digits and dashes' });
          continue;
        }
        if (taken.has(key)) {
          if (single) throw new ConflictError(`The partition key '${key}' is in use.`, 'partition_key_taken');
          skipped.push({ key, reason: 'key in use' });
          continue;
        }
      } else {
        const base = slugify(name, 60) || 'partition';
        key = base;
        for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 58)}-${n}`;
      }
      taken.add(key);
      rows.push({
        brainId,
        key,
        name,
        domains: cleanDomains(input.domains ?? []),
        aliases: cleanList(input.aliases ?? []),
        externalRef: input.externalRef?.trim() || null,
        archivedAt: null,
        createdAt: now,
      });
    }
    return { rows, skipped };
  }

  /** Insert the rows, then commit their folders (one commit); roll the rows back if the commit fails. */
  private async createRows(actor: Actor, brainId: string, planned: Array<Omit<PartitionRow, 'folder'>>): Promise<{ inserted: PartitionRow[]; raced: string[] }> {
    const root = await this.partitionRoot(actor, brainId);
    const rows = planned.map((p) => ({ ...p, folder: `${root}/${p.key}` }));
    const inserted: PartitionRow[] = [];
    const raced: string[] = []; // taken by a concurrent create since the keys were planned
    this.db.transaction(() => {
      for (const r of rows) {
        if (this.repo.insert(r)) inserted.push(r);
        else raced.push(r.key);
      }
    }).immediate();
    if (!inserted.length) return { inserted, raced };
    try {
      await this.pages.writePlanned(actor, brainId, (): WritePlan => {
        const ops: WriteOp[] = inserted
          .map((r) => ({ r, path: `${r.folder}/index.md` }))
          .filter(({ path }) => !this.pageIndex.getPage(brainId, path))
          .map(({ r, path }) => ({ op: 'put' as const, path, content: Buffer.from(`# ${r.name}\n`, 'utf8') }));
        if (!ops.length) throw new NothingToCommit();
        const keys = inserted.map((r) => r.key);
        return {
          ops,
          message: keys.length === 1 ? `Create partition ${keys[0]}` : `Create ${keys.length} partitions`,
          opName: 'create-partition',
          audit: { action: 'partition.create', target: keys.length === 1 ? keys[0]! : null, detail: { keys } },
        };
      });
    } catch (e) {
      if (!(e instanceof NothingToCommit)) {
        this.db.transaction(() => inserted.forEach((r) => this.repo.delete(brainId, r.key))).immediate();
        throw e;
      }
      this.audit.record({ brainId, actor, action: 'partition.create', target: null, detail: { keys: inserted.map((r) => r.key), folderExisted: true } });
    }
    return { inserted, raced };
  }

  /**
   * The schema's partition folder. A brain whose schema names none becomes partitioned when its
   * first partition is made: `partitionFolder` is added to .brain/schema.json in its own commit
   * first, so the index tags the new folder's pages with their partition from the start.
   */
  private async partitionRoot(actor: Actor, brainId: string): Promise<string> {
    const schema = await this.brains.schemaOf(brainId);
    if (schema.partitionFolder) return schema.partitionFolder;
    try {
      await this.pages.writePlanned(actor, brainId, async (state): Promise<WritePlan> => {
        const buf = await state.repo.readFile('.brain/schema.json', state.head);
        const raw = (buf ? JSON.parse(buf.toString('utf8')) : { folders: [], entityTypes: [] }) as {
          folders?: Array<{ path: string; description: string }>;
          partitionFolder?: string | null;
        };
        if (raw.partitionFolder) throw new NothingToCommit();
        raw.partitionFolder = DEFAULT_PARTITION_FOLDER;
        raw.folders = raw.folders ?? [];
        if (!raw.folders.some((f) => f.path === DEFAULT_PARTITION_FOLDER)) {
          raw.folders.push({ path: DEFAULT_PARTITION_FOLDER, description: 'One folder per partition (client, site or matter).' });
        }
        return {
          ops: [{ op: 'put', path: '.brain/schema.json', content: Buffer.from(`${JSON.stringify(raw, null, 2)}\n`, 'utf8') }],
          message: `Partition this brain under ${DEFAULT_PARTITION_FOLDER}/`,
          opName: 'schema',
          audit: { action: 'brain.schema_update', target: '.brain/schema.json', detail: { partitionFolder: DEFAULT_PARTITION_FOLDER } },
        };
      });
    } catch (e) {
      if (!(e instanceof NothingToCommit)) throw e;
    }
    return (await this.brains.schemaOf(brainId)).partitionFolder ?? DEFAULT_PARTITION_FOLDER;
  }
}

const view = toPartitionWire;

function cleanDomains(list: string[]): string[] {
  return [...new Set(list.map(normalizeDomain).filter(Boolean))];
}

function cleanList(list: string[]): string[] {
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}
