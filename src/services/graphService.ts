// The link graph of a brain: backlinks with the line they sit on, breadth-first traversal
// (depth 1–3, out/in/both), and resolving references (path, name, title, alias) to the page a
// link would reach — or, failing that, the nearest names. Pages of archived partitions are left
// out of backlinks and traversals unless asked for, as in search.
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError, NotFoundError } from '../domain/errors.js';
import { LIMITS } from '../domain/limits.js';
import type { LinkRef } from '../domain/links.js';
import { linkKey, nameSimilarity, prepareName, refKeys, type PreparedName } from '../domain/pageRefs.js';
import { isFilePath, normalizeFilePath } from '../domain/files.js';
import { normalizePagePath } from '../domain/paths.js';
import { relationTypeName } from '../domain/relations/relations.js';
import { ScriptSpellings } from '../domain/scriptSpellings.js';
import { resolveRefsBody, type ResolveRefsBody, type TraverseQuery, type WantedQuery } from '../domain/schemas/search.js';
import { validate } from '../domain/validate.js';
import type { FileIndexRepo } from '../storage/sqlite/fileIndexRepo.js';
import type { LinkGraphRepo } from '../storage/sqlite/linkGraphRepo.js';
import type { PageIndexRepo } from '../storage/sqlite/pageIndexRepo.js';
import type { SearchIndexRepo } from '../storage/sqlite/searchIndexRepo.js';
import type { AccessService } from './accessService.js';

export interface BacklinksResult {
  path: string;
  /** One per linking page and relation type, with how many links make it. */
  backlinks: Array<{ path: string; title: string; context: string; type: string; count: number }>;
}

export interface TraverseResult {
  nodes: Array<{ path: string; title: string; depth: number }>;
  /** One per from → to pair and type, with how many links make it. */
  edges: Array<{ from: string; to: string; type: string; count: number }>;
}

/** The whole brain as a graph: every visible page (with its folder) and every resolved edge between them. */
export interface OverviewResult {
  nodes: Array<{ path: string; title: string; folder: string }>;
  edges: Array<{ from: string; to: string; type: string; count: number }>;
}

/** A brain's size and its hubs: pages, resolved links, the pages most pages link to. */
export interface GraphStats {
  pages: number;
  links: number;
  mostLinked: Array<{ path: string; title: string; count: number }>;
}

export interface ResolveResult {
  results: Array<{ ref: string; path: string | null; nearMisses: Array<{ path: string; title: string; score: number }> }>;
}

/** Traversal parameters by the traverse schema's names (domain/schemas/search.ts), values read by `parseTraverse`. */
export type TraverseParams = { [K in keyof TraverseQuery]?: unknown };

export const DEFAULT_DEPTH = 2;
export const DEFAULT_TRAVERSE_LIMIT = 50;
export const MAX_TRAVERSE_LIMIT = LIMITS.traverseNodes;
const NEAR_MISSES = 5;
/** Changes read one by one before a brain's script spellings are rebuilt from all its names. */
const SPELLING_CATCH_UP = 256;
/** A brain's script spellings are read whole again at least this often (see scriptSpellings). */
const SPELLINGS_MAX_AGE_MS = 30 * 60_000;
const NEAR_MISS_MIN_SCORE = 0.3;

interface NameEntry {
  path: string;
  title: string;
  name: PreparedName;
}

export class GraphService {
  /** Prepared names per brain, rebuilt when the brain's change feed moved on. */
  private readonly nameCache = new Map<string, { seq: number; entries: NameEntry[] }>();
  private readonly spellingCache = new Map<string, { seq: number; builtAt: number; spellings: ScriptSpellings }>();

  constructor(
    private readonly access: AccessService,
    private readonly pages: PageIndexRepo,
    private readonly links: LinkGraphRepo,
    private readonly index: SearchIndexRepo,
  ) {}

  backlinks(actor: Actor, brainRef: BrainRef, rawPath: string, q: { includeArchived?: boolean } = {}): BacklinksResult {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    // A file's backlinks: the pages that link to it or show it.
    if (this.files && typeof rawPath === 'string' && isFilePath(rawPath.trim())) return this.fileBacklinks(brain.id, rawPath.trim(), q.includeArchived ?? false);
    const path = this.existingPage(brain.id, rawPath);
    const backlinks: BacklinksResult['backlinks'] = this.links
      .backlinks(brain.id, path)
      .map((b) => ({ path: b.fromPath, title: b.title, context: b.context, type: b.type, count: b.count }));
    const visible = this.visible(brain.id, backlinks.map((b) => b.path), q.includeArchived ?? false);
    return { path, backlinks: backlinks.filter((b) => visible.has(b.path)) };
  }

  traverse(actor: Actor, brainRef: BrainRef, params: TraverseParams): TraverseResult {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const p = parseTraverse(params);
    const start = this.existingPage(brain.id, p.path);
    const depthOf = new Map<string, number>([[start, 0]]);
    const order = [start];
    let frontier = [start];
    for (let depth = 1; depth <= p.depth && frontier.length && order.length < p.limit; depth++) {
      const next: string[] = [];
      const edges = this.links.edgesTouching(brain.id, frontier, p.direction, p.types);
      const inFrontier = new Set(frontier);
      const candidates: string[] = [];
      for (const e of edges) {
        if (p.direction !== 'in' && inFrontier.has(e.from)) candidates.push(e.to);
        if (p.direction !== 'out' && inFrontier.has(e.to)) candidates.push(e.from);
      }
      const fresh = [...new Set(candidates)].filter((c) => !depthOf.has(c)).sort();
      const visible = this.visible(brain.id, fresh, p.includeArchived);
      for (const c of fresh) {
        if (!visible.has(c) || order.length >= p.limit) continue;
        depthOf.set(c, depth);
        order.push(c);
        next.push(c);
      }
      frontier = next;
    }
    const titles = new Map(order.map((path) => [path, this.pages.getPage(brain.id, path)?.title ?? path]));
    const edges = this.links
      .edgesTouching(brain.id, order, 'out', p.types)
      .filter((e) => depthOf.has(e.from) && depthOf.has(e.to));
    const nodes = order.map((path) => ({ path, title: titles.get(path)!, depth: depthOf.get(path)! }));
    this.addFileLinks(brain.id, p, nodes, edges);
    return { nodes, edges };
  }

  /** Files that pages link to or show are the graph's leaves: `mentions` edges out of their pages. */
  useFiles(files: FileIndexRepo): void {
    this.files = files;
  }

  private files: FileIndexRepo | null = null;

  private addFileLinks(brainId: string, p: ReturnType<typeof parseTraverse>, nodes: TraverseResult['nodes'], edges: TraverseResult['edges']): void {
    if (!this.files || p.direction === 'in' || (p.types && !p.types.includes('mentions'))) return;
    const seen = new Set(nodes.map((n) => n.path));
    for (const page of [...nodes]) {
      if (page.depth >= p.depth) continue;
      for (const file of this.files.filesLinkedFrom(brainId, page.path)) {
        if (!this.files.get(brainId, file)) continue; // a link to a file that is not there
        edges.push({ from: page.path, to: file, type: 'mentions', count: 1 });
        if (seen.has(file) || nodes.length >= p.limit) continue;
        seen.add(file);
        nodes.push({ path: file, title: file.slice(file.lastIndexOf('/') + 1), depth: page.depth + 1 });
      }
    }
  }

  private fileBacklinks(brainId: string, rawPath: string, includeArchived: boolean): BacklinksResult {
    const path = normalizeFilePath(rawPath);
    if (!this.files!.get(brainId, path)) throw new NotFoundError(`File ${path}`);
    const from = this.files!.pagesLinkingTo(brainId, path);
    const visible = this.visible(brainId, from, includeArchived);
    return {
      path,
      backlinks: from.filter((f) => visible.has(f)).map((f) => ({ path: f, title: this.pages.getPage(brainId, f)?.title ?? f, context: '', type: 'mentions', count: 1 })),
    };
  }

  resolve(actor: Actor, brainRef: BrainRef, body: unknown): ResolveResult {
    const input = validate(resolveRefsBody, body);
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const from = input.from ? normalizePagePath(input.from) : '';
    return {
      results: input.refs.map((ref) => {
        const path = this.resolveOne(brain.id, ref, from);
        return { ref, path, nearMisses: path ? [] : this.nearMisses(brain.id, ref) };
      }),
    };
  }

  /**
   * Where links written on the page at `from` go, each read as the link index reads it (its
   * linkKey), with that key: the web app resolves a page's markdown links here, so the page view
   * and the graph send `[x](C%23%20notes.md)` to the same page.
   */
  linkTargets(actor: Actor, brainRef: BrainRef, links: Array<Pick<LinkRef, 'kind' | 'target' | 'path'>>, from: string): Array<{ key: string; path: string | null }> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const at = from ? normalizePagePath(from) : '';
    return links.map((l) => {
      const key = linkKey(l);
      return { key, path: this.links.resolveKey(brain.id, key, at) };
    });
  }

  /** Every page and resolved link of the brain (archived partitions left out unless asked for). */
  overview(actor: Actor, brainRef: BrainRef, q: { includeArchived?: boolean } = {}): OverviewResult {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const all = this.links.allPages(brain.id);
    const visible = this.visible(brain.id, all.map((p) => p.path), q.includeArchived ?? false);
    const nodes = all.filter((p) => visible.has(p.path));
    const edges = this.links.allEdges(brain.id).filter((e) => visible.has(e.from) && visible.has(e.to));
    return { nodes, edges };
  }

  /** Page and link counts, and the `limit` pages linked from the most other pages. */
  stats(actor: Actor, brainRef: BrainRef, q: { limit?: number } = {}): GraphStats {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const limit = Math.min(Math.max(q.limit ?? 10, 1), 100);
    const mostLinked = this.links.mostLinked(brain.id, limit).map((m) => ({ ...m, title: this.pages.getPage(brain.id, m.path)?.title ?? m.path }));
    return { pages: this.pages.countPages(brain.id), links: this.links.linkCount(brain.id), mostLinked };
  }

  /** The title of each of `paths` that is a page (others are left out). */
  titles(actor: Actor, brainRef: BrainRef, paths: string[]): Map<string, string> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const out = new Map<string, string>();
    for (const path of new Set(paths)) {
      const page = this.pages.getPage(brain.id, path);
      if (page) out.set(path, page.title);
    }
    return out;
  }

  /** Link targets no page answers to yet ("wanted" pages), most linked first. */
  wanted(actor: Actor, brainRef: BrainRef, q: WantedQuery = {}): { wanted: Array<{ target: string; count: number }> } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return { wanted: this.links.wanted(brain.id, Math.min(Math.max(q.limit ?? 100, 1), LIMITS.wanted)) };
  }

  /**
   * The page a reference would link to, written on the page at `from`, or null. No role check. The
   * order (docs/pages.md): exact path, exact file name or title, path suffix, folded, alias; ties
   * to the page nearest `from`, then the shortest path.
   */
  resolveOne(brainId: string, ref: string, from = ''): string | null {
    return this.links.resolveFirst(brainId, refKeys(ref, from), from);
  }

  private nearMisses(brainId: string, ref: string): Array<{ path: string; title: string; score: number }> {
    const bare = ref.trim().replace(/^!?\[\[|\]\]$/g, '').replace(/\\?\|.*$/, '').replace(/#.*$/, '').replace(/\.md$/i, '');
    // A path ref ([[Folder/Note]]) is compared by its last segment, and never scores as an exact name.
    const isPath = bare.includes('/');
    const target = prepareName(bare.slice(bare.lastIndexOf('/') + 1));
    const best = new Map<string, { path: string; title: string; score: number }>();
    for (const e of this.names(brainId)) {
      const score = isPath ? Math.min(nameSimilarity(target, e.name), 0.99) : nameSimilarity(target, e.name);
      if (score < NEAR_MISS_MIN_SCORE) continue;
      const had = best.get(e.path);
      if (!had || had.score < score) best.set(e.path, { path: e.path, title: e.title, score: Math.round(score * 1000) / 1000 });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.path.localeCompare(b.path)).slice(0, NEAR_MISSES);
  }

  /** Pages with a name near `text` (score ≥ `min`), best first: near spellings of a page's name. */
  nearNames(brainId: string, text: string, min: number, max = 3): Array<{ path: string; score: number }> {
    const target = prepareName(text);
    if (!target.size) return [];
    const best = new Map<string, number>();
    for (const e of this.names(brainId)) {
      const score = nameSimilarity(target, e.name);
      if (score >= min && (best.get(e.path) ?? 0) < score) best.set(e.path, score);
    }
    return [...best.entries()]
      .map(([path, score]) => ({ path, score }))
      .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
      .slice(0, max);
  }

  /**
   * For each of `words` (folded as the words index folds them) that a page name writes in another
   * script, those spellings: the question's "Almaty" is the "Алматы" a Russian page's name holds.
   */
  otherScriptSpellings(brainId: string, words: string[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    if (!words.length) return out;
    const spellings = this.scriptSpellings(brainId);
    for (const w of words) {
      const other = spellings.spellingsOf(w);
      if (other.length) out.set(w, other);
    }
    return out;
  }

  /**
   * The brain's name words by romanization, brought up to date from the changes feed: the pages
   * changed since the last look are read again (a search after each write reads one page's names,
   * not the brain's). Every name is read again after many changes, a history that went back, and
   * at least every SPELLINGS_MAX_AGE_MS: a refresh reindex (here or in another process) rewrites
   * names without a change in the feed.
   */
  private scriptSpellings(brainId: string): ScriptSpellings {
    const seq = this.pages.latestSeq(brainId);
    const cached = this.spellingCache.get(brainId);
    const fresh = cached && Date.now() - cached.builtAt < SPELLINGS_MAX_AGE_MS;
    if (fresh && cached.seq === seq) return cached.spellings;
    const changes = fresh && seq > cached.seq ? this.pages.changesSince(brainId, cached.seq, SPELLING_CATCH_UP + 1) : null;
    if (!fresh || !changes || changes.length > SPELLING_CATCH_UP) {
      const spellings = new ScriptSpellings(cached?.spellings);
      for (const [path, labels] of byPath(this.links.nameLabels(brainId))) spellings.setPageNames(path, labels);
      spellings.forgetPrevious();
      this.spellingCache.set(brainId, { seq, builtAt: Date.now(), spellings });
      return spellings;
    }
    const paths = new Set(changes.flatMap((c) => (c.fromPath ? [c.path, c.fromPath] : [c.path])));
    const named = byPath(this.links.namesOfPaths(brainId, [...paths]));
    for (const path of paths) cached.spellings.setPageNames(path, named.get(path) ?? []);
    cached.seq = seq;
    return cached.spellings;
  }

  private names(brainId: string): NameEntry[] {
    const seq = this.pages.latestSeq(brainId);
    const cached = this.nameCache.get(brainId);
    if (cached && cached.seq === seq) return cached.entries;
    const entries = this.links.allNames(brainId).map((n) => ({ path: n.path, title: n.title, name: prepareName(n.label) }));
    this.nameCache.set(brainId, { seq, entries });
    return entries;
  }

  private existingPage(brainId: string, rawPath: unknown): string {
    if (typeof rawPath !== 'string' || !rawPath.trim()) throw new BadRequestError('The path parameter is required.', 'missing_path');
    const path = normalizePagePath(rawPath);
    if (!this.pages.getPage(brainId, path)) throw new NotFoundError(`Page ${path}`);
    return path;
  }

  private visible(brainId: string, paths: string[], includeArchived: boolean): Set<string> {
    if (includeArchived || !paths.length) return new Set(paths);
    return new Set(this.index.pagesByPath(brainId, paths, { folder: null, partition: null, includeArchived: false }).map((p) => p.path));
  }
}

interface Traverse {
  path: string;
  depth: number;
  limit: number;
  direction: 'out' | 'in' | 'both';
  includeArchived: boolean;
  types: string[] | null;
}

function parseTraverse(p: TraverseParams): Traverse {
  const int = (v: unknown): number | null => {
    if (v == null || v === '') return null;
    const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
    return typeof n === 'number' && Number.isInteger(n) ? n : NaN;
  };
  const depth = int(p.depth) ?? DEFAULT_DEPTH;
  if (!(depth >= 1 && depth <= LIMITS.traverseDepth)) throw new BadRequestError(`depth must be an integer from 1 to ${LIMITS.traverseDepth}.`, 'invalid_depth');
  const limit = int(p.limit) ?? DEFAULT_TRAVERSE_LIMIT;
  if (!(limit >= 1)) throw new BadRequestError('limit must be a positive integer.', 'invalid_parameter');
  const direction = p.direction == null || p.direction === '' ? 'both' : p.direction;
  if (direction !== 'out' && direction !== 'in' && direction !== 'both') throw new BadRequestError('direction must be out, in or both.', 'invalid_parameter');
  const inc = p.includeArchived;
  const types = parseTypes(p.type);
  return {
    types,
    path: typeof p.path === 'string' ? p.path : '',
    depth,
    limit: Math.min(limit, MAX_TRAVERSE_LIMIT),
    direction,
    includeArchived: inc === true || inc === 'true' || inc === '1',
  };
}

/** `type` as one relation name or a list of them (repeated query parameter); null for all. */
export function parseTypes(raw: unknown): string[] | null {
  if (raw == null || raw === '') return null;
  const list = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const t of list) {
    if (typeof t !== 'string' || !/^[\p{L}\p{N}_-]{1,64}$/u.test(t.trim())) {
      throw new BadRequestError('type must be a relation name (letters, digits and _), such as mentions, attended or works_at.', 'invalid_parameter');
    }
    const name = relationTypeName(t);
    if (!out.includes(name)) out.push(name);
  }
  return out.length ? out : null;
}

/** Name labels grouped by their page's path. */
function byPath(rows: Array<{ path: string; label: string }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const labels = out.get(r.path);
    if (labels) labels.push(r.label);
    else out.set(r.path, [r.label]);
  }
  return out;
}
