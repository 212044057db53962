// Pages: read (now and as of any version), list, create/replace, patch, timeline, move, delete,
// revert, bulk import, the changes feed and history. Every write goes through the durable write
// path as exactly one commit; conflict checks run inside the plan, under the brain's lock.
import { pageToken, toPageListItemWire, toPageWire, type PageListItemWire, type PageWire } from '../domain/entities/page.js';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { parseBrainSchema } from '../domain/brainSchema.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PageConflictError } from '../domain/errors.js';
import { composePageFile, splitPageFile } from '../domain/frontmatter.js';
import { LIMITS } from '../domain/limits.js';
import { parsePage } from '../domain/markdown.js';
import { applyPatch } from '../domain/markdownPatch.js';
import type { LinkRef } from '../domain/links.js';
import { linkNeedles, relocateOwnLinks, rewriteLinksToMovedPage } from '../domain/moveLinks.js';
import { isBrainConfigPath, isPagePath, normalizePagePath } from '../domain/paths.js';
import { roleAtLeast, type Role } from '../domain/roles.js';
import {
  movePageBody,
  patchPageBody,
  putPageBody,
  revertPageBody,
  timelineEntryBody,
  type MovePageBody,
  type PatchPageBody,
  type PutPageBody,
  type RevertPageBody,
  type TimelineEntryBody,
  type TimelineQuery,
} from '../domain/schemas/pages.js';
import { addTimelineEntry, checkDate, readTimeline, todayUtc, type TimelineEntry } from '../domain/timeline.js';
import { validate } from '../domain/validate.js';
import { objectId } from '../storage/git/objectWriter.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import { partitionOfPath, type IndexedPage, type PageChange, type PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import { MOVE_FROM_TRAILER, MOVE_TO_TRAILER, type WriteOp, type WritePath, type WritePlan, type WriteScope, type WriteState } from '../storage/writePath.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';

export type PageView = PageWire;
export type PageListItem = PageListItemWire;

export interface PageVersionEntry {
  version: number;
  op: PageChange['op'];
  /** Where the page lived at this version (it may have moved since). */
  path: string;
  fromPath: string | null;
  commit: string;
  /** Commit time (ISO 8601 UTC). */
  at: string;
  /** Who made the change (the actor's display name). */
  by: string;
  author: { name: string; email: string };
  message: string;
}

export interface ChangesPage {
  changes: Array<{ seq: number; op: PageChange['op']; path: string; fromPath?: string; version: number; commit: string; at: string; by: string }>;
  nextCursor: string;
}

/** A change row as the changes feed and the web home show it. */
function changeWire(c: PageChange): ChangesPage['changes'][number] {
  return {
    seq: c.seq,
    op: c.op,
    path: c.path,
    ...(c.fromPath ? { fromPath: c.fromPath } : {}),
    version: c.version,
    commit: c.commit,
    at: c.at,
    by: c.by,
  };
}

export interface TimelineReply {
  path: string;
  entry: TimelineEntry;
  entries: TimelineEntry[];
  version: number;
  token: string;
  commit: string;
}

export interface ImportFile {
  path: string;
  content: Buffer;
}


export { pageToken };

/** A page and the whole file it is in git (frontmatter block and body), for editors and diffs. */
export interface PageSource {
  page: PageView;
  source: string;
}

export const pageView = toPageWire;

export class PagesService {
  constructor(
    private readonly access: AccessService,
    private readonly brains: BrainsService,
    private readonly index: PageIndexRepo,
    private readonly writes: WritePath,
    private readonly repos: RepoRegistry,
  ) {}

  get(actor: Actor, brainRef: BrainRef, rawPath: string): PageView {
    return this.source(actor, brainRef, rawPath).page;
  }

  /** The page and its whole file (frontmatter block and body): what the web editor edits. */
  source(actor: Actor, brainRef: BrainRef, rawPath: string): PageSource {
    const found = this.find(actor, brainRef, rawPath);
    if (!found) throw new NotFoundError(`Page ${normalizePagePath(rawPath)}`);
    return found;
  }

  /** As `source`, but null when the brain has no such page (the web app's "no such page"). */
  find(actor: Actor, brainRef: BrainRef, rawPath: string): PageSource | null {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const page = this.index.getPage(brain.id, normalizePagePath(rawPath));
    return page ? { page: pageView(page), source: page.markdown } : null;
  }

  list(
    actor: Actor,
    brainRef: BrainRef,
    q: { prefix?: string; cursor?: string | null; limit?: number },
  ): { pages: PageListItem[]; nextCursor: string | null } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const limit = Math.min(Math.max(q.limit ?? 100, 1), LIMITS.pageList);
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const rows = this.index.listPages(brain.id, { prefix: q.prefix, afterPath: after, limit: limit + 1 });
    const more = rows.length > limit;
    const pages = rows.slice(0, limit).map(toPageListItemWire);
    return { pages, nextCursor: more ? Buffer.from(pages[pages.length - 1]!.path).toString('base64url') : null };
  }

  /** Create or replace a page. Returns the page and whether it was created. */
  async put(actor: Actor, brainRef: BrainRef, body: unknown): Promise<{ page: PageView; created: boolean }> {
    const input = validate(putPageBody, body);
    const { brain, role } = this.access.require(actor, brainRef, 'Write');
    const path = normalizePagePath(input.path);
    await this.brains.schemaOf(brain.id);
    const config = isBrainConfigPath(path);
    if (config) {
      if (input.frontmatter !== undefined) throw new BadRequestError('Files under .brain/ are written whole: put any frontmatter in markdown.', 'config_path');
      this.checkConfigWrite(role, path, input.markdown);
    }
    let markdown = input.markdown;
    let created = false;
    // Writing the bytes a page already has makes no commit (git would see no change, and a rebuild no version).
    // A page write reads and writes only its own path, so it may share a commit; configuration goes alone.
    await this.writeUnlessUnchanged(brain.id, actor, config ? null : { paths: [path] }, async (state) => {
      if (config) {
        // Configuration files are not pages: the repository, not the index, says whether one exists.
        const existing = await state.repo.readFile(path, state.head);
        if (existing?.toString('utf8') === markdown) return null;
        created = existing == null;
      } else {
        const current = this.index.getPage(brain.id, path);
        checkExpected(current, input.expectedVersion, input.expectedToken);
        // The file: the body as written, with the frontmatter given (or, given none, the page's own).
        markdown = composePageFile(input, current?.markdown ?? null);
        if (current && current.markdown === markdown) return null;
        created = current == null;
      }
      return {
        ops: [{ op: 'put', path, content: Buffer.from(markdown, 'utf8') }],
        message: `${created ? 'Create' : 'Update'} ${path}`,
        opName: 'put',
        audit: { action: created ? 'page.create' : 'page.update', target: path },
      };
    });
    if (config) return { page: configView(path, markdown), created };
    return { page: this.get(actor, brain.id, path), created };
  }

  async delete(actor: Actor, brainRef: BrainRef, rawPath: string, q: { expectedVersion?: number; expectedToken?: string | null } = {}): Promise<void> {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = normalizePagePath(rawPath);
    if (isBrainConfigPath(path)) throw new ForbiddenError('Brain configuration files cannot be deleted.', 'config_protected');
    await this.brains.schemaOf(brain.id);
    await this.writes.write(brain.id, actor, () => {
      const current = this.index.getPage(brain.id, path);
      if (!current) throw new NotFoundError(`Page ${path}`);
      checkExpected(current, q.expectedVersion, q.expectedToken);
      return { ops: [{ op: 'delete', path }], message: `Delete ${path}`, opName: 'delete', audit: { action: 'page.delete', target: path } };
    }, { paths: [path] });
  }

  /** A page as it was at `version` (read from git at the commit that wrote it). Follows moves. */
  async getVersion(actor: Actor, brainRef: BrainRef, rawPath: string, version: number): Promise<PageView> {
    return (await this.versionSource(actor, brainRef, rawPath, version)).page;
  }

  /** A version of a page and its whole file then (for diffs and reverts). */
  async versionSource(actor: Actor, brainRef: BrainRef, rawPath: string, version: number): Promise<PageSource> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const path = normalizePagePath(rawPath);
    const change = this.lineage(brain.id, path).find((c) => c.version === version && c.op !== 'delete');
    if (!change) throw new NotFoundError(`Version ${version} of ${path}`, 'version_not_found');
    const bytes = await this.repos.get(brain.id).readFile(change.path, change.commit);
    if (!bytes) throw new NotFoundError(`Version ${version} of ${path}`, 'version_not_found');
    const source = bytes.toString('utf8');
    const parsed = parsePage(change.path, source);
    const blobOid = objectId('blob', bytes);
    const page: PageView = {
      path: change.path,
      title: parsed.title,
      summary: parsed.summary,
      frontmatter: parsed.frontmatter,
      markdown: parsed.body,
      version,
      token: pageToken({ version, commit: change.commit, blobOid }),
      commit: change.commit,
      partition: partitionOfPath(change.path, this.brains.cachedSchema(brain.id)?.partitionFolder ?? null),
      updatedAt: change.at,
      updatedBy: change.by,
    };
    return { page, source };
  }

  /** Every version of a page, newest first, with git's author, time and message; follows moves. */
  async history(actor: Actor, brainRef: BrainRef, rawPath: string, q: { limit?: number } = {}): Promise<{ path: string; versions: PageVersionEntry[] }> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const path = normalizePagePath(rawPath);
    const changes = this.lineage(brain.id, path).slice(0, Math.min(Math.max(q.limit ?? 100, 1), LIMITS.history));
    if (!changes.length) throw new NotFoundError(`Page ${path}`);
    const repo = this.repos.get(brain.id);
    const versions: PageVersionEntry[] = [];
    for (const c of changes) {
      const commit = await repo.readCommit(c.commit);
      versions.push({
        version: c.version,
        op: c.op,
        path: c.path,
        fromPath: c.fromPath,
        commit: c.commit,
        at: new Date(commit.author.timestamp * 1000).toISOString(),
        by: c.by,
        author: { name: commit.author.name, email: commit.author.email },
        message: commit.message,
      });
    }
    return { path, versions };
  }

  /** The changes that made up a page, newest first: its own path, then before each move the old path. */
  private lineage(brainId: string, path: string): PageChange[] {
    const out: PageChange[] = [];
    let at = path;
    let before = Number.MAX_SAFE_INTEGER;
    for (let hops = 0; hops < 1000; hops++) {
      const changes = this.index.historyOf(brainId, at, before);
      let next: PageChange | null = null;
      for (const c of changes) {
        out.push(c);
        if (c.op === 'move' && c.fromPath) {
          next = c;
          break;
        }
      }
      if (!next) break;
      at = next.fromPath!;
      before = next.seq;
    }
    return out;
  }

  /** Apply one PATCH operation (see domain/markdownPatch.ts) as one commit. A patch that changes nothing makes no commit. */
  async patch(actor: Actor, brainRef: BrainRef, rawPath: string, body: unknown): Promise<PageView> {
    const input = validate(patchPageBody, body);
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = this.pagePath(rawPath);
    await this.brains.schemaOf(brain.id);
    await this.writeUnlessUnchanged(brain.id, actor, { paths: [path] }, () => {
      const current = this.mustGet(brain.id, path);
      checkExpected(current, input.expectedVersion, input.expectedToken);
      const markdown = applyPatch(current.markdown, input);
      if (markdown === current.markdown) return null;
      const what = input.section ? `${input.operation} "${input.section}"` : input.operation;
      return {
        ops: [{ op: 'put', path, content: Buffer.from(markdown, 'utf8') }],
        message: `Patch ${path}: ${what}`,
        opName: 'patch',
        audit: { action: 'page.patch', target: path, detail: { operation: input.operation, section: input.section ?? null } },
      };
    });
    return this.get(actor, brain.id, path);
  }

  /** Dated lines of the page's Timeline section, newest first. */
  timeline(actor: Actor, brainRef: BrainRef, rawPath: string, q: Omit<TimelineQuery, 'path'> = {}): { entries: TimelineEntry[] } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const page = this.mustGet(brain.id, normalizePagePath(rawPath));
    const entries = readTimeline(page.markdown);
    return { entries: q.limit ? entries.slice(0, q.limit) : entries };
  }

  /** Add `- YYYY-MM-DD: text` to `## Timeline` (created when missing), lines kept newest first. */
  async addTimelineEntry(actor: Actor, brainRef: BrainRef, rawPath: string, body: unknown): Promise<TimelineReply> {
    const input = validate(timelineEntryBody, body);
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = this.pagePath(rawPath);
    const entry: TimelineEntry = { date: input.date ? checkDate(input.date) : todayUtc(), text: input.text.replace(/\s*[\r\n]+\s*/g, ' ').trim() };
    await this.brains.schemaOf(brain.id);
    await this.writes.write(brain.id, actor, () => {
      const current = this.mustGet(brain.id, path);
      checkExpected(current, input.expectedVersion, input.expectedToken);
      const markdown = addTimelineEntry(current.markdown, entry);
      return {
        ops: [{ op: 'put', path, content: Buffer.from(markdown, 'utf8') }],
        message: `Timeline ${path}: ${entry.date} ${entry.text.slice(0, 60)}`,
        opName: 'timeline',
        audit: { action: 'page.timeline', target: path, detail: { date: entry.date } },
      };
    }, { paths: [path] });
    const page = this.mustGet(brain.id, path);
    return { path, entry, entries: readTimeline(page.markdown), version: page.version, token: pageToken(page), commit: page.commit };
  }

  /**
   * Move a page and, in the same commit, rewrite the links that reach it by path or by file name in
   * every other page, and the moved page's own relative links. 404 without a source, 409 when the target exists.
   */
  async move(actor: Actor, brainRef: BrainRef, body: unknown): Promise<PageView> {
    const input = validate(movePageBody, body);
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const fromPath = this.pagePath(input.fromPath);
    const toPath = this.pagePath(input.toPath);
    if (fromPath === toPath) throw new BadRequestError('fromPath and toPath are the same page.', 'same_path');
    await this.brains.schemaOf(brain.id);
    await this.writes.write(brain.id, actor, () => {
      const source = this.mustGet(brain.id, fromPath);
      checkExpected(source, input.expectedVersion, input.expectedToken);
      if (this.index.getPage(brain.id, toPath)) throw new ConflictError(`A page already exists at ${toPath}.`, 'move_target_exists', { path: toPath });
      const move = { fromPath, toPath };
      const named = new Map<string, boolean>();
      const nameIsMovedPage = (name: string): boolean => {
        const key = name.toLowerCase();
        if (!named.has(key)) named.set(key, this.index.pagesNamed(brain.id, name).every((p) => p === fromPath));
        return named.get(key)!;
      };
      // Rewrites follow where each link resolves in the index now, not only the path it spells.
      const goesTo = (link: LinkRef, from: string): string | null => this.index.linkGoesTo(brain.id, link, from);
      const ops: WriteOp[] = [{ op: 'move', fromPath, path: toPath, content: Buffer.from(relocateOwnLinks(source.markdown, move, nameIsMovedPage, goesTo), 'utf8') }];
      const rewritten: string[] = [];
      for (const other of this.index.pagesMentioning(brain.id, linkNeedles(fromPath), fromPath)) {
        const next = rewriteLinksToMovedPage(other.markdown, other.path, move, nameIsMovedPage, goesTo);
        if (next === other.markdown) continue;
        ops.push({ op: 'put', path: other.path, content: Buffer.from(next, 'utf8') });
        rewritten.push(other.path);
      }
      const note = rewritten.length ? `\n\nLinks rewritten in ${rewritten.length} page${rewritten.length === 1 ? '' : 's'}:\n${rewritten.map((p) => `- ${p}`).join('\n')}` : '';
      return {
        ops,
        message: `Move ${fromPath} to ${toPath}${note}`,
        opName: 'move',
        trailers: { [MOVE_FROM_TRAILER]: fromPath, [MOVE_TO_TRAILER]: toPath },
        audit: { action: 'page.move', target: toPath, detail: { fromPath, rewritten } },
      };
    });
    return this.get(actor, brain.id, toPath);
  }

  /** Restore the content of an earlier version as a new commit (recreates a deleted page). */
  async revert(actor: Actor, brainRef: BrainRef, body: unknown): Promise<{ page: PageView; created: boolean }> {
    const input = validate(revertPageBody, body);
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = this.pagePath(input.path);
    const { page: old, source: oldFile } = await this.versionSource(actor, brain.id, path, input.version);
    let created = false;
    await this.brains.schemaOf(brain.id);
    await this.writeUnlessUnchanged(brain.id, actor, { paths: [path] }, () => {
      const current = this.index.getPage(brain.id, path);
      checkExpected(current, input.expectedVersion, input.expectedToken);
      if (current && current.markdown === oldFile) return null;
      created = current == null;
      return {
        ops: [{ op: 'put', path, content: Buffer.from(oldFile, 'utf8') }],
        message: `Revert ${path} to version ${input.version}`,
        opName: 'revert',
        trailers: { 'Brainkeep-Reverts-To': old.commit },
        audit: { action: 'page.revert', target: path, detail: { version: input.version, commit: old.commit } },
      };
    });
    return { page: this.get(actor, brain.id, path), created };
  }

  /**
   * The brain's page changes after `since` (an opaque cursor; absent = from the start), oldest first.
   * `nextCursor` is never null: pass it back to see each later change exactly once.
   */
  changes(actor: Actor, brainRef: BrainRef, q: { since?: string | null; limit?: number } = {}): ChangesPage {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const after = q.since ? decodeChangesCursor(q.since) : 0;
    const limit = Math.min(Math.max(q.limit ?? 100, 1), LIMITS.changes);
    const rows = this.index.changesSince(brain.id, after, limit);
    const changes = rows.map(changeWire);
    return { changes, nextCursor: encodeChangesCursor(rows.length ? rows[rows.length - 1]!.seq : after) };
  }

  /** The brain's latest page changes, newest first (the web app's home). */
  recentChanges(actor: Actor, brainRef: BrainRef, q: { limit?: number } = {}): ChangesPage['changes'] {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const limit = Math.min(Math.max(q.limit ?? 20, 1), 200);
    return this.index.recentChanges(brain.id, limit).map(changeWire);
  }

  /**
   * A file of the brain other than a page (an image a page shows), at the current commit; null
   * when there is no such file. Pages and `.brain/` files are read through their own calls.
   */
  async file(actor: Actor, brainRef: BrainRef, rawPath: string): Promise<{ path: string; bytes: Buffer } | null> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const path = normalizePagePath(rawPath, { appendMd: false });
    if (isBrainConfigPath(path) || isPagePath(path)) throw new BadRequestError('Only files other than pages are read here.', 'invalid_path');
    const bytes = await this.repos.get(brain.id).readFile(path);
    return bytes ? { path, bytes } : null;
  }

  /**
   * An import of about `pages` pages will follow (the caller is reading its files): the write path
   * gets ready for a large commit meanwhile (starts its derivation thread). Nothing is written.
   */
  prepareImport(pages: number): void {
    this.writes.prepareBulk(pages);
  }

  /**
   * Import many pages as ONE commit (a vault or wiki export). Existing pages at the same paths are
   * replaced. Paths must already be valid; `.brain/` files need Admin like any other write.
   * `landed` is told (and waited for) once the commit is on the branch, before it is indexed (see WritePlan).
   */
  async importPages(
    actor: Actor,
    brainRef: BrainRef,
    files: ImportFile[],
    q: { message?: string; landed?: (brainId: string, commit: string) => Promise<void> | void } = {},
  ): Promise<{ pages: number; commit: string }> {
    const { brain, role } = this.access.require(actor, brainRef, 'Write');
    if (!files.length) throw new BadRequestError('There is nothing to import.', 'nothing_to_import');
    const byPath = new Map<string, Buffer>();
    for (const f of files) {
      const path = normalizePagePath(f.path);
      if (isBrainConfigPath(path)) this.checkConfigWrite(role, path, f.content.toString('utf8'));
      byPath.set(path, f.content);
    }
    await this.brains.schemaOf(brain.id);
    const out = await this.writes.write(brain.id, actor, () => ({
      ops: [...byPath].map(([path, content]) => ({ op: 'put' as const, path, content })),
      message: q.message?.trim() || `Import ${byPath.size} page${byPath.size === 1 ? '' : 's'}`,
      opName: 'import',
      audit: { action: 'page.import', target: null, detail: { pages: byPath.size } },
      landed: q.landed && ((commit: string) => q.landed!(brain.id, commit)),
    }));
    return { pages: byPath.size, commit: out.commit };
  }

  private pagePath(rawPath: string): string {
    const path = normalizePagePath(rawPath);
    if (isBrainConfigPath(path)) throw new BadRequestError('Files under .brain/ are written whole with PUT.', 'config_path');
    return path;
  }

  private mustGet(brainId: string, path: string): IndexedPage {
    const page = this.index.getPage(brainId, path);
    if (!page) throw new NotFoundError(`Page ${path}`);
    return page;
  }

  /** A plan that answers null found the page already holding these bytes: no commit, no new version. */
  private async writeUnlessUnchanged(brainId: string, actor: Actor, scope: WriteScope | null, plan: (state: WriteState) => WritePlan | null | Promise<WritePlan | null>): Promise<void> {
    await this.writes.writeIfChanged(brainId, actor, plan, scope);
  }

  /**
   * Commit a set of page operations planned by another service (patch, move, filing, import)
   * through the same path and rules. `plan` runs under the brain's lock; when it finds nothing to
   * write it answers null, and then no commit is made and the answer is null.
   */
  async writePlanned(actor: Actor, brainId: string, plan: (state: WriteState) => WritePlan | null | Promise<WritePlan | null>): Promise<string | null> {
    await this.brains.schemaOf(brainId);
    const out = await this.writes.writeIfChanged(brainId, actor, plan);
    return out?.commit ?? null;
  }

  private checkConfigWrite(role: Role, path: string, markdown: string): void {
    if (!roleAtLeast(role, 'Admin')) throw new ForbiddenError('Files under .brain/ need the Admin role.', 'config_needs_admin');
    if (path === '.brain/schema.json') parseBrainSchema(markdown);
    else if (!path.endsWith('.md')) throw new BadRequestError('Only schema.json and markdown files live under .brain/.', 'invalid_path');
  }
}

export type { WriteOp };

/** CONTRACT: expectedVersion omitted = no check, 0 = create only, N = must equal; expectedToken likewise. */
export function checkExpected(current: IndexedPage | null, expectedVersion: number | undefined, expectedToken: string | null | undefined): void {
  const currentVersion = current?.version ?? null;
  const currentToken = current ? pageToken(current) : null;
  if (expectedVersion !== undefined) {
    if (expectedVersion === 0 ? current != null : currentVersion !== expectedVersion) throw new PageConflictError(currentVersion, currentToken);
  }
  if (expectedToken != null && expectedToken !== currentToken) throw new PageConflictError(currentVersion, currentToken);
}

function configView(path: string, content: string): PageView {
  return { path, title: path, summary: '', frontmatter: {}, markdown: content, version: 0, token: '', commit: '', partition: null, updatedAt: new Date().toISOString(), updatedBy: '' };
}

const CHANGES_CURSOR = /^c1:(\d{1,15})$/;

export function encodeChangesCursor(seq: number): string {
  return Buffer.from(`c1:${seq}`).toString('base64url');
}

function decodeChangesCursor(cursor: string): number {
  const m = CHANGES_CURSOR.exec(typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '');
  if (!m) throw new BadRequestError('The since cursor is not valid; pass back a nextCursor from an earlier reply.', 'invalid_cursor');
  return Number(m[1]);
}

/** A page-list cursor is the last path, base64url-encoded; it must decode and re-encode to itself. */
function decodeCursor(cursor: string): string {
  const path = typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,4096}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!path || path.includes('\0') || Buffer.from(path).toString('base64url') !== cursor) {
    throw new BadRequestError('The cursor is not valid; pass back a nextCursor from an earlier reply.', 'invalid_cursor');
  }
  return path;
}
