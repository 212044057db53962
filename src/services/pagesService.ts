// Pages: read, list, create/replace and delete, all writes through the durable write path.
import type { Actor } from '../domain/actor.js';
import { parseBrainSchema } from '../domain/brainSchema.js';
import { BadRequestError, ForbiddenError, NotFoundError, PageConflictError } from '../domain/errors.js';
import { setFrontmatterKeys } from '../domain/frontmatter.js';
import { isBrainConfigPath, normalizePagePath } from '../domain/paths.js';
import { roleAtLeast, type Role } from '../domain/roles.js';
import { putPageBody, type PutPageBody } from '../domain/schemas/pages.js';
import { validate } from '../domain/validate.js';
import type { IndexedPage, PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import type { WriteOp, WritePath, WritePlan } from '../storage/writePath.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';

export interface PageView {
  path: string;
  title: string;
  summary: string;
  frontmatter: Record<string, unknown>;
  markdown: string;
  version: number;
  token: string;
  commit: string;
  partition: string | null;
  updatedAt: string;
  updatedBy: string;
}

export interface PageListItem {
  path: string;
  title: string;
  summary: string;
  version: number;
  updatedAt: string;
}

export function pageToken(p: Pick<IndexedPage, 'version' | 'commit' | 'blobOid'>): string {
  return Buffer.from(`${p.version}.${p.commit.slice(0, 12)}.${p.blobOid.slice(0, 8)}`).toString('base64url');
}

export function pageView(p: IndexedPage): PageView {
  return {
    path: p.path,
    title: p.title,
    summary: p.summary,
    frontmatter: p.frontmatter,
    markdown: p.markdown,
    version: p.version,
    token: pageToken(p),
    commit: p.commit,
    partition: p.partition,
    updatedAt: p.updatedAt,
    updatedBy: p.updatedBy,
  };
}

export class PagesService {
  constructor(
    private readonly access: AccessService,
    private readonly brains: BrainsService,
    private readonly index: PageIndexRepo,
    private readonly writes: WritePath,
  ) {}

  get(actor: Actor, brainRef: string, rawPath: string, opts: { named?: boolean } = {}): PageView {
    const { brain } = this.access.require(actor, brainRef, 'Read', opts);
    const path = normalizePagePath(rawPath);
    const page = this.index.getPage(brain.id, path);
    if (!page) throw new NotFoundError(`Page ${path}`);
    return pageView(page);
  }

  list(
    actor: Actor,
    brainRef: string,
    q: { prefix?: string; cursor?: string | null; limit?: number },
    opts: { named?: boolean } = {},
  ): { pages: PageListItem[]; nextCursor: string | null } {
    const { brain } = this.access.require(actor, brainRef, 'Read', opts);
    const limit = Math.min(Math.max(q.limit ?? 100, 1), 1000);
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const rows = this.index.listPages(brain.id, { prefix: q.prefix, afterPath: after, limit: limit + 1 });
    const more = rows.length > limit;
    const pages = rows.slice(0, limit).map((p) => ({ path: p.path, title: p.title, summary: p.summary, version: p.version, updatedAt: p.updatedAt }));
    return { pages, nextCursor: more ? Buffer.from(pages[pages.length - 1]!.path).toString('base64url') : null };
  }

  /** Create or replace a page. Returns the page and whether it was created. */
  async put(actor: Actor, brainRef: string, body: unknown, opts: { named?: boolean } = {}): Promise<{ page: PageView; created: boolean }> {
    const input = validate<PutPageBody>(putPageBody, body);
    const { brain, role } = this.access.require(actor, brainRef, 'Write', opts);
    const path = normalizePagePath(input.path);
    await this.brains.schemaOf(brain.id);
    let markdown = input.markdown;
    if (isBrainConfigPath(path)) this.checkConfigWrite(role, path, markdown);
    else if (input.summary != null) markdown = setFrontmatterKeys(markdown, { summary: input.summary });
    let created = false;
    await this.writes.write(brain.id, actor, () => {
      const current = this.index.getPage(brain.id, path);
      checkExpected(current, input.expectedVersion, input.expectedToken);
      created = current == null;
      return {
        ops: [{ op: 'put', path, content: Buffer.from(markdown, 'utf8') }],
        message: `${created ? 'Create' : 'Update'} ${path}`,
        opName: 'put',
        audit: { action: created ? 'page.create' : 'page.update', target: path },
      };
    });
    if (isBrainConfigPath(path)) return { page: configView(path, markdown), created };
    return { page: this.get(actor, brain.id, path), created };
  }

  async delete(actor: Actor, brainRef: string, rawPath: string, q: { expectedVersion?: number } = {}, opts: { named?: boolean } = {}): Promise<void> {
    const { brain } = this.access.require(actor, brainRef, 'Write', opts);
    const path = normalizePagePath(rawPath);
    if (isBrainConfigPath(path)) throw new ForbiddenError('Brain configuration files cannot be deleted.', 'config_protected');
    await this.brains.schemaOf(brain.id);
    await this.writes.write(brain.id, actor, () => {
      const current = this.index.getPage(brain.id, path);
      if (!current) throw new NotFoundError(`Page ${path}`);
      checkExpected(current, q.expectedVersion, undefined);
      return { ops: [{ op: 'delete', path }], message: `Delete ${path}`, opName: 'delete', audit: { action: 'page.delete', target: path } };
    });
  }

  /**
   * Commit a set of page operations planned by another service (patch, move, filing, import)
   * through the same path and rules. `plan` runs under the brain's lock.
   */
  async writePlanned(actor: Actor, brainId: string, plan: () => WritePlan | Promise<WritePlan>): Promise<string> {
    await this.brains.schemaOf(brainId);
    const out = await this.writes.write(brainId, actor, plan);
    return out.commit;
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

function decodeCursor(cursor: string): string {
  const path = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!path) throw new BadRequestError('The cursor is not valid.', 'invalid_cursor');
  return path;
}
