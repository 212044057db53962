// Search over a brain: `exact` (FTS5 bm25), `semantic` (nearest chunk vectors) and `hybrid`
// (the default: both lists fused by score, each counting as sure as it is of a page, plus a boost
// for pages linked with a page the query names). Every mode returns one hit per page (its best
// chunk), honours the folder and partition filters, and leaves out archived partitions unless asked.
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError } from '../domain/errors.js';
import { LIMITS } from '../domain/limits.js';
import { nameKey } from '../domain/pageRefs.js';
import { normalizeFolder } from '../domain/paths.js';
import { SEARCH_MODES, type SearchQuery } from '../domain/schemas/search.js';
import type { FileIndexRepo, FileTextHit } from '../storage/sqlite/fileIndexRepo.js';
import { snippet, substringSnippet } from '../domain/snippet.js';
import { cjkAnyExpression, cjkExpression, cjkRuns, foldScripts, hasCjk } from '../domain/scriptFolding.js';
import { allTermsExpression, anyTermExpression, parseQuery, withVersionAlternatives, type ParsedQuery } from '../domain/searchQuery.js';
import { asksForLatest, newestVersionsFirst, pageDate } from '../domain/recency.js';
import { loadRomanization } from '../domain/scriptSpellings.js';
import { contentTokens, correctable, coverage, ftsTokens, nearestSpellings, rarity, spellingPrefixes } from '../domain/termWeights.js';
import { identifierTokens, isEmailAddress, isIdentifierQuery, pageInClass, pickEntities, planHops, understandQuery, type QueryUnderstanding } from '../domain/queryUnderstanding.js';
import type { BrainRow } from '../storage/sqlite/brainsRepo.js';
import type { EmbeddingRepo } from '../storage/sqlite/embeddingRepo.js';
import type { LinkGraphRepo } from '../storage/sqlite/linkGraphRepo.js';
import { hasFacetFilters, type ChunkScope, type FtsTable, type PageHit, type SearchFilters, type SearchIndexRepo } from '../storage/sqlite/searchIndexRepo.js';
import { foldTag, foldValue } from '../domain/pageFacets.js';
import type { AccessService } from './accessService.js';
import { cueTokens, type RelationRules } from '../domain/relations/relations.js';
import type { EmbeddingService, EmbeddingStatus } from './embeddings/embeddingService.js';
import type { Reranker } from './searchReranker.js';
import { unseenByMeaning, unseenWeight } from './search/unseenByMeaning.js';
import { raiseInScope, readDateScope } from './search/dateScope.js';

export { SEARCH_MODES };
export type SearchMode = (typeof SEARCH_MODES)[number];
export const DEFAULT_LIMIT = 8;
export const MAX_LIMIT = LIMITS.searchHits;
export const MAX_QUERY_LENGTH = LIMITS.searchQuery;

/**
 * Search parameters as they arrive: the search schema's names (domain/schemas/search.ts) and
 * REST's repeatable `tag` (the schema's `tags`), values still unchecked: a web form hands strings,
 * so `parseParams` reads each one.
 */
export type SearchParams = { [K in keyof SearchQuery | 'tag']?: unknown };

/** The query parameters `GET .../search` takes (besides `fm.<key>`). */
export const SEARCH_QUERY_PARAMS = ['q', 'mode', 'limit', 'folder', 'partition', 'includeArchived', 'tag', 'type', 'updatedAfter', 'updatedBefore'] as const;

/**
 * Search parameters from a REST query string: the known names as they are, `fm.<key>` gathered
 * into `frontmatter`. Any other name is refused (a misspelt filter must not silently widen a search).
 */
export function searchParamsFromQuery(query: Record<string, unknown>): SearchParams {
  const out: Record<string, unknown> = {};
  const frontmatter: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith('fm.') && name.length > 3) frontmatter[name.slice(3)] = value;
    else if ((SEARCH_QUERY_PARAMS as readonly string[]).includes(name)) out[name] = value;
    else unknown.push(name);
  }
  if (unknown.length) {
    throw new BadRequestError(`Unknown search parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Filters are tag, type, fm.<key>, updatedAfter, updatedBefore, folder and partition.`, 'unknown_parameter', {
      unknown,
      known: [...SEARCH_QUERY_PARAMS, 'fm.<key>'],
    });
  }
  if (Object.keys(frontmatter).length) out.frontmatter = frontmatter;
  return out as SearchParams;
}

export interface SearchHit {
  path: string;
  title: string;
  snippet: string;
  score: number;
  partition: string | null;
  folder: string;
  /** Why the page was found: query terms it contains, and the typed links it was reached through. */
  why?: { matched: string[]; via: Via[] };
}

export interface Via {
  type: string;
  from: string;
}

export interface SearchResult {
  mode: SearchMode;
  hits: SearchHit[];
}

/** A page in one ranked list, with what produced it (for its snippet). */
interface Ranked {
  hit: PageHit;
  source: FtsTable | null;
  /** Mode-specific score, higher is better. */
  score: number;
  /** Exact ranking: the tier that found it (0 all terms as written … 3 any term stemmed). */
  tier?: number;
  /** Graph answers: the typed links that led here. */
  via?: Via[];
}

/** Reciprocal rank fusion constant (Cormack et al. 2009). */
const RRF_K = 60;
/** A page the query names ranks as if first in one more list; its link neighbours as if third. */
const NAMED_BOOST = 1 / (RRF_K + 1);
const NEIGHBOUR_BOOST = 1 / (RRF_K + 3);
/**
 * A page dated inside the period a question names ranks as if first in one more list (dateScope).
 * Simulated on the four sets' lists, weight 0.5 / 1 / 2: heldout4 date MRR 0.648 / 0.679 / 0.679,
 * heldout3 date MRR 0.693 at each; quality two-hop fell at 2 when the graph's questions were included.
 */
const DATE_BOOST = 1 / (RRF_K + 1);
const MAX_NAME_WORDS = 6;
const SNIPPET_CHARS = 220;
/** Weight of a graph answer's rank beside the text lists: a typed answer outranks any text hit. */
const TYPED_ANSWER_WEIGHT = 3;
/**
 * An answer the question's plan reached through a plain link (the relation is often written only
 * as a link): with the first text hits, below typed answers. Quality world, weight 1 / 1.5 / 2:
 * relational R@5 0.935 / 0.952 / 0.960, two-hop 0.716 / 0.827 / 0.813 (small world two-hop 0.738 → 0.918 at 2).
 */
const LOOSE_ANSWER_WEIGHT = 2;
/** A page the last hop reached that is not of the kind the question asks for. */
const OFF_CLASS_WEIGHT = 0.5;
/** Most pages one hop may reach (a hub page must not flood the answers). */
const MAX_HOP_PAGES = 60;
/** A near spelling names a page at this name similarity or more (pageRefs.nameSimilarity). */
const NEAR_NAME_MIN = 0.72;
/** Longest word runs tried as near spellings, per question. */
const MAX_FUZZY_SPANS = 6;
/**
 * Fusion weights [exact, semantic, page fields] by what the query is. The page-fields list (the
 * candidates again, by the vector of their page's title, aliases and summary) joins only for a
 * description that names nothing: a question naming a page is answered through that page and its
 * links, and there the extra list only pushes text hits above the graph's answers (quality world,
 * a nearest-pages list at 0.5 on every kind: paraphrase R@5 0.786 → 0.814 but two-hop 0.716 →
 * 0.573). On descriptions only, the candidates reordered at 0.25 / 0.5: paraphrase 0.829 / 0.814
 * (semantic alone 0.786); on the small world of the floor test 0.917 at 0.25, equal to semantic.
 */
/**
 * The words ranking counts as strong when one of its first HELD_SHARE_HITS pages holds this share
 * of the question's meaning (its content words weighed by rarity, termWeights.coverage).
 */
const HELD_SHARE_STRONG = 0.6;
const HELD_SHARE_HITS = 3;
/** Content words weighed per question, and unknown words tried for a spelling per question. */
const MAX_WEIGHED_WORDS = 16;
const MAX_SPELLING_FIXES = 3;
/** Pages a question asking for the latest may reorder, by date, among versions of one document. */
const RECENT_WINDOW = 10;
/** Indexed words read per spelling prefix when correcting a word. */
const SPELLING_CANDIDATES = 20_000;
/** Nearest spellings tried, in order, until one is found in the brain searched. */
const SPELLINGS_TRIED = 3;
/**
 * A words-ranking head whose bm25 is this many times the runner-up's is a decisive match, kept
 * first in hybrid (not for a question the graph answers, nor an identifier, which has its own rule).
 * heldout2 hybrid R@5 with no gate / 1.5 / 2 / 3: all 0.863 / 0.884 / 0.877 / 0.877 (deep 0.682 /
 * 0.773 / 0.773 / 0.773, natural 0.778 / 0.889 / 0.815 / 0.815); quality world R@5 0.898 at each,
 * MRR 0.828 / 0.823 / 0.826 / 0.826.
 */
const HEAD_RATIO = 1.5;
/**
 * Fusion by score (fuseByScore). A list of pages by meaning whose similarities rise this far above
 * its last page's is sure of its first: its weight counts in full there, and in part below.
 * Weights [exact, semantic, page fields]; fusing by rank, a weak words ranking had to be cut to
 * 0.1 (0.02 for a description) or its every page outranked meaning, and then the meaning list, sure
 * or not, decided alone. All R@5 / MRR on quality, heldout2, heldout3: rank fusion 0.898/0.826,
 * 0.884/0.758, 0.639/0.494; by score, spread 0.5, weak / description exact weight 0.5 / 0.3:
 * 0.901/0.845, 0.915/0.814, 0.699/0.511 (spread 0.35: 0.909/0.846, 0.911/0.810, 0.683/0.513;
 * 0.7: 0.909/0.839, 0.915/0.819, 0.675/0.509; weights 1 / 0.5: 0.901/0.832, 0.915/0.815,
 * 0.683/0.528; 0.3 / 0.15: 0.905/0.836, 0.911/0.806, 0.691/0.506).
 */
const SEMANTIC_SPREAD = 0.5;
/**
 * The rank whose similarity is a meaning list's floor: the depth hybrid search reads at its default
 * limits (30), so those keep the scores tuned above (quality, heldout2, heldout3 unchanged). The floor
 * hanging SEMANTIC_SPREAD below the best at every depth instead: 0.909/0.846, 0.898/0.788, 0.645/0.507
 * (R@5/MRR); that floor for a list shorter than this rank only: heldout2 MRR 0.809, heldout3 R@5 0.691.
 */
const SEMANTIC_FLOOR_RANK = 30;
/** First pages of the words ranking checked for a script the meaning list cannot read (unseenByMeaning). */
const UNSEEN_DEPTH = 10;
const WEIGHTS = { identifier: [1, 0.25, 0], strong: [1, 1, 0], weak: [0.5, 1, 0], description: [0.3, 1, 0.25] } as const;

export class SearchService {
  constructor(
    private readonly access: AccessService,
    private readonly index: SearchIndexRepo,
    private readonly links: LinkGraphRepo,
    private readonly vectors: EmbeddingRepo,
    private readonly embeddings: EmbeddingService,
    /** Near spellings of page names (the graph service's name cache). */
    private readonly names: {
      nearNames(brainId: string, text: string, min: number, max?: number): Array<{ path: string; score: number }>;
      otherScriptSpellings(brainId: string, words: string[]): Map<string, string[]>;
    } | null = null,
    /** The brain schema's additions to the relation cues (read backwards in questions) and its folders' entity types. */
    private readonly schemaOf: (brainId: string) => { rules: RelationRules | null; folders: Array<{ path: string; entityType?: string }>; partitions?: PartitionName[] } = () => ({ rules: null, folders: [] }),
    /** The optional reranker of hybrid answers (off unless configured). */
    private readonly reranker: Reranker | null = null,
    /** Reads the brain's schema when `schemaOf` has none yet (a brain created or restored since start). */
    private readonly readSchema: ((brainId: string) => Promise<unknown> | null) | null = null,
  ) {}

  /** Attachments' text (PDFs): found by their words beside the pages (CONTRACT "Files"). */
  private fileText: FileIndexRepo | null = null;

  useFileText(files: FileIndexRepo): void {
    this.fileText = files;
  }

  /** Told when chunks are queued for embedding (the embedding worker wakes on it); answers the unsubscribe. */
  onQueued(listener: () => void): () => void {
    return this.index.onQueued(listener);
  }

  async search(actor: Actor, brainRef: BrainRef, params: SearchParams): Promise<SearchResult> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const p = parseParams(params);
    // Hybrid questions compare names across scripts (readWords): any-ascii is loaded on the first.
    const reading = [this.readSchema?.(brain.id), p.mode === 'hybrid' ? loadRomanization() : null].filter((r) => r != null);
    if (reading.length) await Promise.all(reading);
    const parsed = parseQuery(p.q);
    const asked: SearchFilters = {
      folder: p.folder,
      partition: p.partition,
      includeArchived: p.includeArchived,
      tags: p.tags,
      fields: p.fields,
      type: p.type ? this.typeFilter(brain.id, p.type) : null,
      updatedAfter: p.updatedAfter,
      updatedBefore: p.updatedBefore,
    };
    // The archived filter settled (none archived: nothing to leave out) for the rankings run until
    // the next await, not asked by each one; settled again after it, so a partition archived while
    // the question was embedded is left out of what follows.
    let filters = this.index.withArchivedSettled(brain.id, asked);
    const depth = Math.max(p.limit * 3, 30);
    let ranked: Ranked[];
    if (p.mode === 'exact') {
      // The pages' lookup read where each best chunk is: its text is cut below for the hits shown only.
      ranked = this.exactRanking(brain.id, parsed, filters, p.limit);
    } else if (p.mode === 'semantic') {
      const semantic = await this.semanticRanking(brain, p.q, asked, p.limit);
      filters = this.index.withArchivedSettled(brain.id, asked);
      // A query the model cannot read (no known word, provider down) is answered by its words.
      ranked = semantic ?? this.exactRanking(brain.id, parsed, filters, p.limit);
      // Chunks not embedded yet are still found by their words.
      if (semantic && this.embeddings.hasPending(brain.id)) {
        const pending = this.exactRanking(brain.id, parsed, filters, p.limit, 'queued');
        if (pending.length) ranked = fuse([ranked, pending], p.limit);
      }
    } else {
      // Weight the fusion by what the query is: an identifier leans on exact matching, a query whose
      // words do not all occur together anywhere (a paraphrase) leans on meaning.
      // A question that carries an identifier (an e-mail, a code) is about the page holding it.
      // Words no chunk holds are looked for under their nearest indexed spelling too (a typo).
      // The question's vector is asked for first: the model's thread computes it while the words
      // are ranked here (embedQuery answers null when it cannot embed; it rejects only when the vectors'
      // state cannot be read).
      const embedded = this.embeddings.embedQuery(brain, p.q);
      // Should the words ranking throw first, a failed read of the vectors' state is not left unhandled.
      embedded.catch(() => undefined);
      const read = this.readWords(brain.id, filters, withVersionAlternatives(parsed));
      const exact = this.exactRanking(brain.id, read.query, filters, depth);
      const whole = isIdentifierQuery(p.q);
      const ids = whole ? [] : identifierTokens(p.q);
      const identifier = whole || ids.length > 0;
      // Names are read from the question as corrected, the way the words ranking reads it.
      const names = this.readNames(brain.id, spelledAs(p.q, read.fixes), read.query, filters);
      // A question the graph answers (a relation or a kind of page asked of a page it names) is
      // answered through the graph: its text hits stay below the graph's answers.
      const planned = (names.u.cues.length > 0 || names.u.target != null) && pickEntities(names.u, names.lookup, 1).some((e) => planHops(names.u, e).length > 0);
      // The words ranking is trusted when a page holds all the words, or most of what the rare
      // ones say: a question in a sentence ("how long do we keep db snapshots") rarely has all
      // its words on one page, yet the page holding its rare words is the answer.
      const strong = exact.length > 0 && ((exact[0]!.tier ?? 9) <= 1 || (!planned && this.heldShare(read.words, exact.slice(0, HELD_SHARE_HITS)) >= HELD_SHARE_STRONG));
      // A query that names nothing (no page, no partition; a relation word alone names nothing),
      // no page holds all the words of, is a description: its words matched one by one are mostly
      // noise beside its meaning.
      const describes = !names.named.length && !names.partitions.length && !pickEntities(names.u, names.lookup, 1).length;
      const [we, ws, wf] = identifier ? WEIGHTS.identifier : strong ? WEIGHTS.strong : describes ? WEIGHTS.description : WEIGHTS.weak;
      const kept: { query?: EmbeddedQuery } = {};
      const semantic = await this.semanticRanking(brain, p.q, asked, depth, kept, embedded);
      filters = this.index.withArchivedSettled(brain.id, asked);
      const fields = wf > 0 && semantic && kept.query ? this.fieldsRanking(brain.id, kept.query, [...exact, ...semantic]) : [];
      // Fused by score, not rank: each list says how sure it is of each page (see fuseByScore).
      // Pages in another script than the question that meaning did not find: meaning is blind to them.
      const unseen = semantic && !identifier && ws > we ? this.unseenWeights(brain.id, p.q, exact, semantic, read.words, we, ws) : undefined;
      const fused = semantic ? fuseByScore(exact, [semantic, fields], depth, [we, ws, wf], unseen) : fuse([exact], depth, [1]);
      // A question naming a period (a day, a month, a quarter) is about the pages dated in it; not
      // one the graph answers, where the date names the page it starts from.
      const period = planned ? null : readDateScope(p.q);
      if (period) raiseInScope(fused, period, (ids) => this.index.pageDates(brain.id, ids), DATE_BOOST);
      // A page whose words match far better than any other's is kept first: rank fusion alone
      // lets pages that sit midway in both lists pass a decisive lexical match.
      if (!identifier && !planned && semantic) keepLexicalHead(fused, exact);
      ranked = this.graphStage(brain.id, names, filters, fused);
      // An identifier's exact match is the answer: it stays first whatever the other lists say.
      const idBest = whole ? exact[0] : ids.length ? this.exactRanking(brain.id, withVersionAlternatives(parseQuery(ids.join(' '))), filters, 1)[0] : undefined;
      // Unless the graph answered from that page and it is not of the kind asked for ("which team
      // reported PAY-3967": the page the question starts from is not its answer).
      const startsThere = (path: string) => ranked[0]?.via?.[0]?.from === path && names.u.target != null && !pageInClass(names.u.target, path, entityTypeByFolder(this.schemaOf(brain.id).folders)(path));
      if (idBest && (idBest.tier ?? 9) <= 1 && ranked[0]?.hit.pageId !== idBest.hit.pageId && !startsThere(idBest.hit.path)) {
        putFirst(ranked, idBest);
      }
      // "The latest decision on X": the newest version of a document takes its versions' best place.
      if (!identifier && asksForLatest(p.q)) this.newestVersionsFirst(brain.id, ranked);
      // An identifier's page is already known; any other question may be reranked.
      if (this.reranker && !identifier && ranked.length > 1) await this.rerank(this.reranker, p.q, ranked);
    }
    const shown = ranked.slice(0, p.limit);
    const bodies = this.index.hitBodies(shown.flatMap((r) => (r.hit.chunkId == null || r.hit.body != null ? [] : [r.hit])));
    const hits = shown.map((r) => present(r, parsed, r.hit.body ?? bodies.get(r.hit.chunkId ?? -1) ?? ''));
    return { mode: p.mode, hits: monotone(this.withFileHits(brain.id, p, filters, hits)) };
  }

  /**
   * Among the first RECENT_WINDOW pages, put the newest version of each document (pages of one
   * top folder with near-identical titles, dated by frontmatter or path) first among the places
   * its versions hold; scores stay with the places, so they still fall down the list.
   */
  private newestVersionsFirst(brainId: string, ranked: Ranked[]): void {
    const top = ranked.slice(0, RECENT_WINDOW);
    const dates = this.index.pageDates(brainId, top.map((r) => r.hit.pageId));
    const order = newestVersionsFirst(top.map((r) => ({ title: r.hit.title, folder: r.hit.path.split('/')[0]!, date: pageDate(r.hit.path, dates.get(r.hit.pageId)) })));
    const scores = top.map((r) => r.score);
    order.forEach((from, to) => {
      ranked[to] = top[from]!;
      ranked[to]!.score = scores[to]!;
    });
  }

  /**
   * Let the reranker reorder the top of a hybrid ranking (in place). The reordered pages take the
   * scores of the places they move to, so scores still fall down the list.
   */
  private async rerank(reranker: Reranker, question: string, ranked: Ranked[]): Promise<void> {
    const top = ranked.slice(0, reranker.depth);
    const bodies = this.index.hitBodies(top.flatMap((r) => (r.hit.chunkId == null || r.hit.body != null ? [] : [r.hit])));
    for (const r of top) if (r.hit.body == null && r.hit.chunkId != null) r.hit.body = bodies.get(r.hit.chunkId) ?? '';
    const order = await reranker.order(
      question,
      top.map((r) => ({ path: r.hit.path, title: r.hit.title, text: r.hit.body || r.hit.summary })),
    );
    if (!order) return;
    const scores = top.map((r) => r.score);
    order.forEach((from, to) => {
      ranked[to] = top[from]!;
      ranked[to]!.score = scores[to]!;
    });
  }

  /**
   * An entity type filter: pages whose frontmatter `type` is it, and pages without one in a schema
   * folder of that type (not in a folder of another type nested inside).
   */
  private typeFilter(brainId: string, name: string): NonNullable<SearchFilters['type']> {
    const typed = this.schemaOf(brainId)
      .folders.filter((f) => f.entityType)
      .map((f) => ({ path: normalizeFolder(f.path), type: foldValue(f.entityType!) }));
    const folders = typed.filter((f) => f.type === name && f.path).map((f) => f.path);
    const inside = (p: string, f: string) => p.startsWith(`${f}/`);
    const except = typed.filter((f) => f.type !== name && folders.some((t) => inside(f.path, t))).map((f) => f.path);
    return { name, folders, except };
  }

  /** The brain's tags with how many pages carry each, most used first (the web's tag filter suggests them). */
  tags(actor: Actor, brainRef: BrainRef): Array<{ tag: string; pages: number }> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return this.index.tagCounts(brain.id, 200);
  }

  /** Index pages that predate the search index (first start after an upgrade). */
  indexMissingPages(): number {
    return this.index.indexMissingPages([this.links], (brainId) => this.schemaOf(brainId).rules);
  }

  async status(actor: Actor, brainRef: BrainRef): Promise<EmbeddingStatus> {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return this.embeddings.status(brain);
  }

  /**
   * PDFs whose text holds every word of the query, interleaved with the page hits (one after each
   * page, in their own rank order) up to the limit; a hit's path is the file's. Files belong to no
   * partition and carry no tags, type or frontmatter, so those filters leave them out.
   */
  private withFileHits(brainId: string, p: ReturnType<typeof parseParams>, filters: SearchFilters, hits: SearchHit[]): SearchHit[] {
    if (!this.fileText || p.partition || hasFacetFilters(filters)) return hits;
    const words = (p.q.normalize('NFKC').match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 32);
    if (!words.length) return hits;
    const found = this.fileText.searchText(brainId, words.map((w) => `"${w}"`).join(' '), { folder: p.folder, limit: p.limit });
    if (!found.length) return hits;
    const out: SearchHit[] = [];
    let f = 0;
    for (const h of hits) {
      out.push(h);
      const file = found[f];
      if (file) {
        out.push(fileHit(file, h.score));
        f++;
      }
    }
    for (; f < found.length; f++) out.push(fileHit(found[f]!, out.length ? out[out.length - 1]!.score : 1));
    return out.slice(0, p.limit);
  }

  /**
   * FTS5 in tiers until `limit` pages are found: all terms as written, all terms stemmed,
   * any term as written, any term stemmed. Earlier tiers always rank above later ones.
   */
  private exactRanking(brainId: string, q: ParsedQuery, filters: SearchFilters, limit: number, chunks: ChunkScope = 'all'): Ranked[] {
    const all = allTermsExpression(q);
    if (!all) return [];
    const any = anyTermExpression(q);
    // [table, expression, tier]: the tier says how strong a match is (0 all terms as written, 1 all
    // terms stemmed or a CJK run found inside a longer one, 2 and 3 any term).
    const tiers: Array<[FtsTable, string, number]> = [['exact', all, 0]];
    // Words inside a run of CJK text (no spaces between them) are found through its bigrams.
    const cjk = cjkExpression(cjkRuns(q.terms.map((t) => t.text).join(' ')));
    if (cjk) tiers.push(['cjk', cjk, 1]);
    tiers.push(['stem', all, 1]);
    if (any) tiers.push(['exact', any, 2], ['stem', any, 3]);
    // A CJK run not found whole: the chunks holding most of its bigrams.
    const cjkAny = cjkAnyExpression(cjkRuns(q.terms.map((t) => t.text).join(' ')));
    if (cjkAny) tiers.push(['cjk', cjkAny, 3]);
    const out: Ranked[] = [];
    const seen = new Set<number>();
    for (const [k, [table, match, tier]] of tiers.entries()) {
      if (out.length >= limit) break;
      for (const hit of this.index.matchPages(brainId, table, match, filters, limit + seen.size, chunks)) {
        if (seen.has(hit.pageId) || out.length >= limit) continue;
        seen.add(hit.pageId);
        const s = Math.max(0, -hit.raw);
        // Within a tier by bm25; each later tier scores below every earlier one.
        out.push({ hit, source: table, score: (s / (1 + s)) * 0.5 ** k, tier });
      }
    }
    return out;
  }

  /**
   * The question's content words with their rarity, and the query with the nearest indexed
   * spelling added to each word no chunk holds (as an alternative in the FTS5 expression, and in
   * place of the word for the page names it may spell).
   */
  private readWords(brainId: string, filters: SearchFilters, q: ParsedQuery): { query: ParsedQuery; words: Array<{ spellings: string[]; weight: number }>; fixes: Map<string, string> } {
    const fixes = new Map<string, string>();
    const content = contentTokens(q.words).slice(0, MAX_WEIGHED_WORDS);
    if (!content.length) return { query: q, words: [], fixes };
    const { chunks, docs } = this.index.termDocs(content);
    // Attempts are capped, found or not: each reads a slice of the vocabulary (a hostile query of
    // sixteen made-up words must not cost sixteen scans).
    let tried = 0;
    for (const t of content) {
      if ((docs.get(t) ?? 0) > 0 || !correctable(t) || tried >= MAX_SPELLING_FIXES) continue;
      tried++;
      const candidates = spellingPrefixes(t).flatMap((prefix) => this.index.termsStartingWith(prefix, SPELLING_CANDIDATES));
      // The vocabulary spans every brain: a spelling counts only where this search can find it.
      const fix = nearestSpellings(t, candidates, SPELLINGS_TRIED).find((f) => this.index.matchPages(brainId, 'exact', `"${f}"`, filters, 1).length > 0);
      if (!fix) continue;
      fixes.set(t, fix);
      docs.set(fix, candidates.find((c) => c.term === fix)?.docs ?? 0);
    }
    // A word no chunk holds (and no near spelling) is meaning the words ranking cannot find
    // ("cheese brewed rather than milked" is not answered by "rather"): it weighs as much as the
    // question's known words do on average.
    const known = content.map((t) => docs.get(fixes.get(t) ?? t) ?? 0);
    const knownWeights = known.filter((d) => d > 0).map((d) => rarity(d, chunks));
    const unknownWeight = knownWeights.length ? knownWeights.reduce((a, b) => a + b, 0) / knownWeights.length : rarity(1, chunks);
    // A name the question writes in one script is also looked for as page names write it in others.
    // Names are the words written capitalised (or in a script without case), and words no page
    // holds: a common word ("data", "plan") is not asked, though page names of other languages
    // hold its look-alike ("дата", "план").
    const capitalised = new Set(q.words.filter(writtenAsName).flatMap(ftsTokens));
    const asked = content.filter((t) => capitalised.has(t) || !docs.get(t));
    const others = (asked.length ? this.names?.otherScriptSpellings(brainId, asked) : undefined) ?? new Map<string, string[]>();
    const words = content.map((t, i) => {
      const fix = fixes.get(t);
      return { spellings: [t, ...(fix ? [fix] : []), ...(others.get(t) ?? [])], weight: known[i]! > 0 ? rarity(known[i]!, chunks) : unknownWeight };
    });
    if (!fixes.size && !others.size) return { query: q, words, fixes };
    const single = (text: string) => {
      const tokens = ftsTokens(text);
      return tokens.length === 1 ? tokens[0]! : undefined;
    };
    const fixOf = (text: string) => {
      const token = single(text);
      return token ? fixes.get(token) : undefined;
    };
    const terms = q.terms.map((term) => {
      const token = term.phrase ? undefined : single(term.text);
      const added = token ? [...(fixes.has(token) ? [fixes.get(token)!] : []), ...(others.get(token) ?? [])] : [];
      return added.length ? { ...term, alternatives: [...(term.alternatives ?? []), ...added] } : term;
    });
    // The corrected word keeps the case it was written in: names are read from capitalised runs
    // ("Ada Lovelance" is still a name once spelt "Ada Lovelace").
    return { query: { terms, words: q.words.map((w) => { const fix = fixOf(w); return fix ? inCaseOf(w, fix) : w; }) }, words, fixes };
  }

  /**
   * The words ranking's weight for each of its first pages that the meaning list cannot judge (written
   * in another script than the question, and not found by meaning): between the words and the meaning
   * weight, by the share of the question (its words by rarity) the page holds: its title, frontmatter
   * values and first 64 KiB (searchIndexRepo.pageTexts).
   */
  private unseenWeights(brainId: string, question: string, exact: Ranked[], semantic: Ranked[], words: Array<{ spellings: string[]; weight: number }>, we: number, ws: number): Map<number, number> | undefined {
    const meaningPages = new Set(semantic.map((r) => r.hit.pageId));
    const unseen = unseenByMeaning(question, exact.map((r) => r.hit), meaningPages, UNSEEN_DEPTH);
    if (!unseen.length || !words.some((w) => w.weight > 0)) return undefined;
    const texts = this.index.pageTexts(brainId, unseen.map((c) => c.pageId));
    const out = new Map<number, number>();
    for (const c of unseen) out.set(c.pageId, unseenWeight(we, ws, coverage(words, new Set(ftsTokens(`${c.title}\n${texts.get(c.pageId) ?? ''}`)))));
    return out;
  }

  /** The largest share of the question's meaning (its words by rarity) one of these hits' best chunk holds. */
  private heldShare(words: Array<{ spellings: string[]; weight: number }>, hits: Ranked[]): number {
    if (!words.some((w) => w.weight > 0) || !hits.length) return 0;
    const bodies = this.index.hitBodies(hits.flatMap((r) => (r.hit.chunkId == null || r.hit.body != null ? [] : [r.hit])));
    let best = 0;
    for (const r of hits) {
      const body = r.hit.body ?? bodies.get(r.hit.chunkId ?? -1) ?? '';
      best = Math.max(best, coverage(words, new Set(ftsTokens(`${r.hit.title}\n${body}`))));
    }
    return best;
  }

  /**
   * Nearest chunks by cosine similarity, best chunk per page, widening the search under filters.
   * Null when the query cannot be embedded.
   */
  private async semanticRanking(brain: BrainRow, q: string, filters: SearchFilters, limit: number, keep?: { query?: EmbeddedQuery }, embedded?: Promise<EmbeddedQuery | null>): Promise<Ranked[] | null> {
    const query = await (embedded ?? this.embeddings.embedQuery(brain, q));
    if (!query) return null;
    if (keep) keep.query = query;
    // Settled after the wait for the vector (see `search`): this ranking's windows ask no more.
    filters = this.index.withArchivedSettled(brain.id, filters);
    const maxDistance = 1 - query.minSimilarity;
    const filtered = filters.folder != null || filters.partition != null || hasFacetFilters(filters);
    let hits: PageHit[] = [];
    const scope = this.index.facetScope(brain.id, filters);
    const plan = scope?.plan;
    if (plan?.pages === 0) return [];
    // A narrow tag, type, field or date filter: the nearest among the chunks its index admits (one
    // KNN pass, vec0 testing each id); a wide one: the nearest of all in a window widened by its share.
    const within = scope?.admitted ?? undefined;
    // vec0's KNN costs more the larger k is (≈ +45% from k = 40 to k = 120 over 10,000 vectors), so
    // start near `limit` and widen only when pages with several near chunks leave too few pages.
    // A wide facet filter: the nearest of all, in a window widened by the share it admits.
    const widen = plan && !plan.pushdown ? 1 / plan.share : 1;
    for (let k = Math.ceil((limit + Math.max(8, limit >> 1)) * widen); ; k *= 4) {
      const nearest = this.vectors.nearest(brain.id, query.modelKey, query.dimensions, query.vector, k, within);
      const near = nearest.filter((n) => n.distance <= maxDistance);
      hits = this.index.pagesForChunks(brain.id, near, filters, limit, within !== undefined);
      if (hits.length >= limit || nearest.length < k || near.length < nearest.length) break;
      if (k >= 4096) {
        // A narrow filter inside a big brain: measure exactly the chunks the filter admits.
        // (Not for a facet filter: its chunks were the KNN's candidates already.)
        const ids = filtered && !plan ? this.index.filteredChunkIds(brain.id, filters, 50_000) : null;
        if (ids) {
          const measured = this.vectors.distances(brain.id, query.modelKey, query.dimensions, query.vector, ids).filter((n) => n.distance <= maxDistance);
          hits = this.index.pagesForChunks(brain.id, measured, filters, limit);
        }
        break;
      }
    }
    return hits.map((hit) => ({ hit, source: null, score: 1 - hit.raw }));
  }

  /**
   * The candidates again, by the vector of their page's own fields (title, aliases, summary):
   * what a page is, beside what its chunks say. Only the pages the other lists found are measured
   * (a few dozen distances, not a search of every page).
   */
  private fieldsRanking(brainId: string, query: EmbeddedQuery, candidates: Ranked[]): Ranked[] {
    const byPage = new Map<number, Ranked>();
    for (const r of candidates) if (!byPage.has(r.hit.pageId)) byPage.set(r.hit.pageId, r);
    const measured = this.vectors.pageDistances(brainId, query.modelKey, query.dimensions, query.vector, [...byPage.keys()]);
    return measured.filter((m) => m.distance <= 1 - query.minSimilarity).map((m) => ({ hit: byPage.get(m.pageId)!.hit, source: byPage.get(m.pageId)!.source, score: 1 - m.distance }));
  }

  /**
   * The graph's part of a hybrid answer. When the query names a page (its title, slug or an alias,
   * as a run of words), that page and the pages it links with rank higher. When it also carries a
   * relation ("who attended X", "companies Y invested in"), the pages that relation reaches from
   * the named page, along typed links either way and through intermediate pages for two hops,
   * join the ranking above the text hits, each with the links it came through.
   */
  private graphStage(brainId: string, names: Names, filters: SearchFilters, ranked: Ranked[]): Ranked[] {
    const { u, lookup, named, partitions } = names;
    const answers = u.cues.length || u.target ? this.relationalAnswers(brainId, u, lookup, entityTypeByFolder(this.schemaOf(brainId).folders)) : new Map<string, Answer>();
    if (partitions.length) {
      // A question naming a client (a partition: its name, key or an alias) is about its pages.
      for (const r of ranked) if (partitions.some((pt) => inPartition(pt, r.hit))) r.score += NEIGHBOUR_BOOST;
      ranked.sort((a, b) => b.score - a.score || a.hit.path.localeCompare(b.hit.path));
    }
    if (!named.length && !answers.size) return ranked;
    const neighbours = new Set<string>();
    for (const e of this.links.edgesTouching(brainId, named, 'both')) {
      neighbours.add(e.from);
      neighbours.add(e.to);
    }
    for (const n of named) neighbours.delete(n);
    const byPath = new Map(ranked.map((r) => [r.hit.path, r]));
    const missing = [...new Set([...named, ...answers.keys()])].filter((n) => !byPath.has(n));
    for (const hit of this.index.pagesByPath(brainId, missing, filters)) {
      const r: Ranked = { hit, source: null, score: 0 };
      ranked.push(r);
      byPath.set(hit.path, r);
    }
    // The page a relational question starts from is not its answer ("who works at Acme" wants
    // people, not Acme): it keeps its text score but gets no boost for being named.
    const subjects = new Set([...answers.values()].map((a) => a.subject));
    for (const n of named) {
      const r = byPath.get(n);
      if (r && !subjects.has(n)) r.score += NAMED_BOOST;
    }
    for (const path of neighbours) {
      const r = byPath.get(path);
      if (r) r.score += NEIGHBOUR_BOOST;
    }
    // Answers of one weight rank by how well their text matches the question, then by links.
    const text = (p: string) => byPath.get(p)?.score ?? 0;
    const ordered = [...answers.entries()].sort((a, b) => b[1].weight - a[1].weight || text(b[0]) - text(a[0]) || b[1].strength - a[1].strength || a[0].localeCompare(b[0]));
    ordered.forEach(([path, a], i) => {
      const r = byPath.get(path);
      if (!r) return;
      r.score += a.weight / (RRF_K + i + 1);
      r.via = a.via;
    });
    return ranked.sort((a, b) => b.score - a.score || a.hit.path.localeCompare(b.hit.path));
  }

  /**
   * What a question names: pages (titles, slugs, aliases as runs of words; e-mail addresses and
   * near spellings when it carries a relation) and partitions (by name, key or alias).
   */
  private readNames(brainId: string, raw: string, q: ParsedQuery, filters: SearchFilters): Names {
    const schema = this.schemaOf(brainId);
    const u = understandQuery(raw, schema.rules);
    const spanKeys = this.nameSpans(q.words);
    const lookup = new Map<string, string>();
    const keys = [...new Set([...spanKeys.map((s) => s.key), ...u.spans.map((s) => s.key)])];
    const ambiguous = new Set<string>();
    if (keys.length) {
      for (const r of this.links.pagesNamed(brainId, keys)) {
        if (!lookup.has(r.key)) lookup.set(r.key, r.path);
        if (r.ambiguous) ambiguous.add(r.key);
      }
    }
    const named = this.namedPages(spanKeys, lookup, q.words.length, ambiguous);
    if (u.cues.length) this.lookUpOtherNames(brainId, u, q, filters, lookup);
    const spoken = new Set(keys);
    const partitions = (schema.partitions ?? []).filter((pt) => [pt.name, pt.key, ...pt.aliases].some((n) => spoken.has(nameKey(n))));
    return { u, lookup, named, partitions };
  }

  /**
   * A relational question whose words name no page exactly may still name one by an e-mail address
   * (found where the address is written, such as a person's frontmatter), by an identifier (a
   * ticket key: the page whose words match it best, as an identifier search answers) or by a near
   * spelling.
   * Adds what it finds to `lookup` under the span's name key.
   */
  private lookUpOtherNames(brainId: string, u: QueryUnderstanding, q: ParsedQuery, filters: SearchFilters, lookup: Map<string, string>): void {
    if (pickEntities(u, lookup, 1).length) return;
    for (const term of q.terms) {
      // An e-mail address, or an identifier such as a ticket key: the page that holds it best.
      if (!isEmailAddress(term.text) && identifierTokens(term.text).length !== 1) continue;
      const expr = allTermsExpression({ terms: [{ ...term, phrase: true }], words: [] });
      const top = expr ? this.index.matchPages(brainId, 'exact', expr, filters, 1)[0] : undefined;
      const spelled = cueTokens(term.text).filter((t) => t !== '|').join(' ');
      const span = u.spans.find((s) => s.text === spelled);
      if (top && span) lookup.set(span.key, top.path);
    }
    if (!this.names || pickEntities(u, lookup, 1).length) return;
    // Names are written capitalised where the script has case: only such runs are tried (each try
    // compares every name in the brain).
    const named = new Set(q.words.filter(writtenAsName).map((w) => w.toLowerCase()));
    const nameLike = (text: string) => text.split(' ').every((w) => named.has(w));
    const candidates = u.spans.filter((s) => s.end - s.start <= 3 && s.text.length >= 4 && nameLike(s.text)).slice(0, MAX_FUZZY_SPANS);
    for (const span of candidates) {
      const [best] = this.names.nearNames(brainId, span.text, NEAR_NAME_MIN, 1);
      if (best) {
        lookup.set(span.key, best.path);
        return;
      }
    }
  }

  /**
   * Pages a relational question reaches from the pages it names: each hop follows the links of
   * its relation type (either way) and keeps pages of the kind the question asks for; a hop that
   * finds no typed link follows plain links instead, at a lower weight.
   */
  private relationalAnswers(brainId: string, u: QueryUnderstanding, lookup: ReadonlyMap<string, string>, typeOf: (path: string) => string | null): Map<string, Answer> {
    const answers = new Map<string, Answer>();
    for (const entity of pickEntities(u, lookup, 2)) {
      const hops = planHops(u, entity);
      if (!hops.length) continue;
      // A kind of page asked for with no relation ("who do we know at Acme"): any link, lower.
      const start = hops.length === 1 && hops[0]!.types == null ? LOOSE_ANSWER_WEIGHT : TYPED_ANSWER_WEIGHT;
      let frontier = new Map<string, Reached>([[entity.path, { via: [], count: 1, weight: start }]]);
      const visited = new Set([entity.path]);
      for (const [h, hop] of hops.entries()) {
        const last = h === hops.length - 1;
        const of = (cls: string | null | undefined) => (p: string) => cls == null || pageInClass(cls, p, typeOf(p));
        let inClass = of(hop.cls);
        let step = this.hop(brainId, frontier, visited, hop.types);
        const some = (m: Map<string, Reached>, f: (p: string) => boolean) => [...m.keys()].some(f);
        // "Who invested in Acme?" may be answered by funds: organisations stand in for people.
        if (hop.also && !some(step, inClass) && some(step, of(hop.also))) inClass = of(hop.also);
        if (last && hop.types && hop.cls != null && step.size && !some(step, inClass)) {
          // The relation runs through pages of another kind: "who did Ada meet" is Ada → her
          // meetings → the people at them, along the same relation both times.
          const through = this.hop(brainId, step, new Set([...visited, ...step.keys()]), hop.types);
          if (some(through, inClass)) step = through;
        }
        if (some(step, inClass)) {
          // The kind asked for: kept at full weight; on the last hop, other pages stay, lower.
          for (const [p, r] of step) {
            if (inClass(p)) continue;
            if (last) r.weight = Math.min(r.weight, OFF_CLASS_WEIGHT);
            else step.delete(p);
          }
          if (hop.types && hop.cls != null) {
            // Pages of that kind linked without a relation word join, lower: a relation is
            // often written only as a plain link.
            for (const [p, r] of this.hop(brainId, frontier, visited, null)) {
              if (step.has(p) || !inClass(p)) continue;
              r.weight = Math.min(r.weight, LOOSE_ANSWER_WEIGHT);
              step.set(p, r);
            }
          }
        } else if (hop.cls != null && !hop.types) {
          // Plain links reached no page of the kind asked for: what they reached stays, lowest.
          for (const r of step.values()) r.weight = Math.min(r.weight, OFF_CLASS_WEIGHT);
          if (!last) step.clear();
        } else if (hop.types && hop.cls != null) {
          // No typed link reaches the kind asked for: plain links to pages of that kind, lower.
          const loose = this.hop(brainId, frontier, visited, null);
          for (const [p, r] of loose) {
            if (inClass(p)) r.weight = LOOSE_ANSWER_WEIGHT;
            else loose.delete(p);
          }
          if (loose.size) step = loose;
        }
        if (!step.size) {
          frontier = new Map();
          break;
        }
        frontier = step;
        for (const p of frontier.keys()) visited.add(p);
      }
      for (const [path, r] of frontier) {
        if (path === entity.path) continue;
        const had = answers.get(path);
        const a: Answer = { weight: r.weight, strength: r.count, via: r.via, subject: entity.path };
        if (!had || had.weight < a.weight || (had.weight === a.weight && had.strength < a.strength)) answers.set(path, a);
      }
    }
    return answers;
  }

  /** Pages one hop from the frontier along links of `types` (any link when null), either way. */
  private hop(brainId: string, frontier: Map<string, Reached>, visited: Set<string>, types: string[] | null): Map<string, Reached> {
    const reached = new Map<string, Reached>();
    for (const e of this.links.edgesTouching(brainId, [...frontier.keys()], 'both', types && withImplied(types))) {
      for (const [from, to] of [
        [e.from, e.to],
        [e.to, e.from],
      ] as const) {
        const source = frontier.get(from);
        if (!source || visited.has(to)) continue;
        const had = reached.get(to);
        if (had) had.count += e.count;
        else reached.set(to, { via: [...source.via, { type: e.type, from }], count: e.count, weight: source.weight });
      }
    }
    if (reached.size > MAX_HOP_PAGES) {
      const keep = [...reached.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).slice(0, MAX_HOP_PAGES);
      return new Map(keep);
    }
    return reached;
  }

  /** Runs of up to MAX_NAME_WORDS query words that may name a page, longest first. */
  private nameSpans(words: string[]): Array<{ start: number; end: number; key: string }> {
    const spans: Array<{ start: number; end: number; key: string }> = [];
    for (let len = Math.min(MAX_NAME_WORDS, words.length); len >= 1; len--) {
      for (let i = 0; i + len <= words.length; i++) {
        const text = words.slice(i, i + len).join(' ');
        if (len === 1 && text.length < 4) continue;
        spans.push({ start: i, end: i + len, key: nameKey(text) });
      }
    }
    return spans;
  }

  /**
   * Pages named by the longest runs of query words (at most three pages). A name several pages
   * answer to equally (same name, other folders) takes its words but names none of them: the
   * question's other words tell which one it means, not the resolution order.
   */
  private namedPages(spans: Array<{ start: number; end: number; key: string }>, found: ReadonlyMap<string, string>, wordCount: number, ambiguous: ReadonlySet<string> = new Set()): string[] {
    const taken = new Array<boolean>(wordCount).fill(false);
    const out: string[] = [];
    for (const s of spans) {
      const path = found.get(s.key);
      if (!path || out.includes(path)) continue;
      let free = true;
      for (let i = s.start; i < s.end; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = s.start; i < s.end; i++) taken[i] = true;
      if (ambiguous.has(s.key)) continue;
      out.push(path);
      if (out.length === 3) break;
    }
    return out;
  }
}

/** A query's vector, as the embedding service gives it. */
type EmbeddedQuery = NonNullable<Awaited<ReturnType<EmbeddingService['embedQuery']>>>;

interface Names {
  u: QueryUnderstanding;
  /** Name key → page path, for every run of words that names a page. */
  lookup: Map<string, string>;
  /** Pages named by the longest runs of the query's words. */
  named: string[];
  partitions: PartitionName[];
}

/** A partition as a question may name it. */
export interface PartitionName {
  key: string;
  name: string;
  aliases: string[];
  folder: string;
}

function inPartition(pt: PartitionName, hit: PageHit): boolean {
  if (hit.partition != null) return hit.partition === pt.key;
  return hit.folder === pt.folder || hit.folder.startsWith(`${pt.folder}/`);
}

interface Reached {
  via: Via[];
  /** Links into the page from the hop before. */
  count: number;
  weight: number;
}

interface Answer {
  /** TYPED_ANSWER_WEIGHT when every hop followed its relation, LOOSE_ANSWER_WEIGHT otherwise. */
  weight: number;
  /** Links behind the last hop. */
  strength: number;
  via: Via[];
  /** The named page the answer was reached from. */
  subject: string;
}

/**
 * Relations that hold wherever another does: whoever leads a team or a company works there ("who
 * is on the Mobile team" includes its lead).
 */
const IMPLIED_BY: Readonly<Record<string, readonly string[]>> = { works_at: ['leads'] };

/** The relation types a hop follows: those asked for and those that imply them. */
export function withImplied(types: readonly string[]): string[] {
  return [...new Set(types.flatMap((t) => [t, ...(IMPLIED_BY[t] ?? [])]))];
}

/** A word written as a name is: capitalised, or in a script without case. */
function writtenAsName(word: string): boolean {
  return /^\p{Lu}/u.test(word) || !/[\p{Lu}\p{Ll}]/u.test(word);
}

/** A page's schema entity type, by the deepest schema folder holding it. */
function entityTypeByFolder(folders: Array<{ path: string; entityType?: string }>): (path: string) => string | null {
  const typed = folders.filter((f) => f.entityType).map((f) => ({ prefix: `${f.path.replace(/\/+$/, '')}/`, type: f.entityType! }));
  typed.sort((a, b) => b.prefix.length - a.prefix.length);
  return (path) => typed.find((f) => path.startsWith(f.prefix))?.type ?? null;
}

function present(r: Ranked, q: ParsedQuery, body: string): SearchHit {
  const hit: SearchHit = {
    path: r.hit.path,
    title: r.hit.title,
    snippet: snippetFor(r, q, body),
    score: Math.round(r.score * 1e6) / 1e6,
    partition: r.hit.partition,
    folder: r.hit.folder,
  };
  // Whether title and text are ASCII is asked once per hit, not once per word (a scan of the text each).
  const ascii = !NOT_ASCII.test(r.hit.title) && !NOT_ASCII.test(body);
  const matched = [...new Set(q.terms.map((t) => t.text.toLowerCase()).filter((t) => (t.length > 1 || hasCjk(t)) && holds(r.hit.title, body, t, ascii)))];
  if (matched.length || r.via?.length) hit.why = { matched, via: r.via ?? [] };
  return hit;
}

/**
 * The hit chunk's best window with the query's words in bold: matched as the ranking that found
 * it matched them (as written or stemmed), else by stem; without any, the start of the chunk.
 */
function snippetFor(r: Ranked, q: ParsedQuery, body: string): string {
  if (body.trim()) {
    const s =
      (r.source === 'exact' ? snippet(body, q.terms, { stem: false }) : null) ??
      snippet(body, q.terms, { stem: true }) ??
      (hasCjk(body) ? substringSnippet(body, cjkRuns(q.terms.map((t) => t.text).join(' '))) : null);
    return oneLine(s ?? truncate(body, SNIPPET_CHARS));
  }
  return oneLine(truncate(r.hit.summary, SNIPPET_CHARS));
}

/**
 * The words ranking's first page, when it leads decisively: its bm25 at least HEAD_RATIO times the
 * runner-up's, both found by the same tier (bm25 values of different tiers do not compare).
 */
export function lexicalHead(exact: ReadonlyArray<{ hit: { raw: number }; source: FtsTable | null; tier?: number }>, ratio = HEAD_RATIO): number | null {
  const [first, second] = exact;
  if (!first || !second || first.tier !== second.tier || first.source !== second.source) return null;
  const a = -first.hit.raw;
  const b = -second.hit.raw;
  return b > 0 && a >= ratio * b ? 0 : null;
}

/** Put the words ranking's decisive head (lexicalHead) first in a fused list. */
function keepLexicalHead(fused: Ranked[], exact: Ranked[]): void {
  if (lexicalHead(exact, HEAD_RATIO) == null || !fused.length) return;
  putFirst(fused, { hit: exact[0]!.hit, source: exact[0]!.source, score: 0 });
}

/** Put a page first in a ranked list, one first place ahead of the leader: its entry there, or `best` added. */
function putFirst(list: Ranked[], best: Ranked): void {
  if (list[0]?.hit.pageId === best.hit.pageId) return;
  let top = list.find((r) => r.hit.pageId === best.hit.pageId);
  if (!top) list.push((top = best));
  top.score = (list[0]?.score ?? 0) + 1 / (RRF_K + 1);
  list.sort((a, b) => b.score - a.score || a.hit.path.localeCompare(b.hit.path));
}

/** Per-page sums of the lists' shares; a page keeps the first hit (and snippet source) added for it. */
function pageSums(): { add(r: Ranked, share: number): void; ranked(limit: number): Ranked[] } {
  const byPage = new Map<number, Ranked>();
  return {
    add(r, share) {
      const had = byPage.get(r.hit.pageId);
      if (had) had.score += share;
      else byPage.set(r.hit.pageId, { hit: r.hit, source: r.source, score: share });
    },
    ranked: (limit) => [...byPage.values()].sort((a, b) => b.score - a.score || a.hit.path.localeCompare(b.hit.path)).slice(0, Math.max(limit, 1) * 2),
  };
}

/** Weighted reciprocal rank fusion of ranked page lists; a page keeps the first list's hit (and snippet source). */
function fuse(lists: Ranked[][], limit: number, weights: readonly number[] = []): Ranked[] {
  const sums = pageSums();
  for (const [k, list] of lists.entries()) {
    const w = weights[k] ?? 1;
    list.forEach((r, i) => sums.add(r, w / (RRF_K + i + 1)));
  }
  return sums.ranked(limit);
}

/**
 * Hybrid fusion by score: each page gets, from each list, its weight times how near the list's
 * best it is, on the scale of a first place in rank fusion (so the graph's boosts keep their size).
 * The words ranking counts by bm25 against its first page, halved per tier below the first's. A
 * meaning list counts by how far a page's similarity rises above its floor (the similarity at
 * SEMANTIC_FLOOR_RANK; for a shorter list, which holds every candidate, its last), against SEMANTIC_SPREAD:
 * a page's share does not depend on how deep the list was read; a vague vector match (every page
 * about as similar as every other) adds little, while a page that stands out adds its full weight.
 */
export function fuseByScore(exact: Ranked[], meaning: Ranked[][], limit: number, weights: readonly number[], exactWeights?: ReadonlyMap<number, number>): Ranked[] {
  const sums = pageSums();
  const add = (r: Ranked, part: number) => sums.add(r, part / (RRF_K + 1));
  const we = weights[0] ?? 1;
  const head = exact[0];
  // bm25 is negative, better lower; a NaN (a corrupt rank) counts as no match, never as a NaN score.
  const strength = (raw: number) => (Number.isFinite(raw) ? Math.max(0, -raw) : 0);
  const top = head ? strength(head.hit.raw) : 0;
  for (const r of exact) {
    const tierShare = 0.5 ** Math.max(0, (r.tier ?? 0) - (head!.tier ?? 0));
    // No positive bm25 at the head (a ranking of equals): the words list still counts, by tier alone.
    // A page the meaning list cannot judge may weigh its words match more (unseenByMeaning).
    add(r, (exactWeights?.get(r.hit.pageId) ?? we) * (top > 0 ? Math.min(1, strength(r.hit.raw) / top) * tierShare : tierShare));
  }
  for (const [k, list] of meaning.entries()) {
    const w = weights[k + 1] ?? 1;
    const scores = list.map((r) => (Number.isFinite(r.score) ? r.score : -Infinity));
    if (!list.length || w === 0) continue;
    // The floor is the similarity at a fixed rank, not the list's last: the same page scores the same
    // however deep the list was read. A list shorter than that rank holds every candidate (a small
    // brain, narrow filters), so its own last is the floor and does not depend on the depth either.
    const floor = scores.length >= SEMANTIC_FLOOR_RANK ? [...scores].sort((a, b) => b - a)[SEMANTIC_FLOOR_RANK - 1]! : Math.min(...scores);
    list.forEach((r, i) => add(r, w * Math.min(1, Math.max(0, (scores[i]! - floor) / SEMANTIC_SPREAD))));
  }
  return sums.ranked(limit);
}

/** Scores never rise down the list (ties broken by path keep equal scores). */
function fileHit(f: FileTextHit, score: number): SearchHit {
  const i = f.path.lastIndexOf('/');
  return { path: f.path, title: f.path.slice(i + 1), snippet: f.snippet, score, partition: null, folder: i < 0 ? '' : f.path.slice(0, i) };
}

function monotone(hits: SearchHit[]): SearchHit[] {
  for (let i = 1; i < hits.length; i++) if (hits[i]!.score > hits[i - 1]!.score) hits[i]!.score = hits[i - 1]!.score;
  return hits;
}

const NOT_ASCII = /[^\x00-\x7f]/;
/** Lower case without diacritics (as the FTS5 tables compare words), for `why.matched`. */
function foldForMatch(s: string): string {
  return NOT_ASCII.test(s) ? foldScripts(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : s.toLowerCase();
}

function truncate(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max);
  return `${flat.slice(0, cut > max / 2 ? cut : max)}…`;
}

function oneLine(s: string): string {
  return isOneLine(s) ? s : s.replace(/\s+/g, ' ').trim();
}

/**
 * Whether `s` is already as oneLine makes it: ASCII, no whitespace but single spaces, none at
 * either end (most snippets: FTS5's window of a paragraph). One scan, no regex, no new string.
 */
function isOneLine(s: string): boolean {
  const n = s.length;
  if (n === 0) return true;
  if (s.charCodeAt(0) === 32 || s.charCodeAt(n - 1) === 32) return false;
  let space = false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (space) return false;
      space = true;
    } else if (c < 33 || c > 126) {
      // Control characters, other whitespace and anything beyond ASCII (which may be a space):
      // the regex decides. '…' (an ellipsis) is the common one: allowed as it is no whitespace.
      if (c !== 0x2026) return false;
      space = false;
    } else space = false;
  }
  return true;
}

/**
 * Whether the hit's title or text holds `term` (lowercased) as foldForMatch reads them, joined by
 * a newline. ASCII texts and terms are searched as they are, case-insensitively, without folding a
 * copy of the whole chunk for each hit. `ascii`: title and text are both ASCII (the caller asks once per hit).
 */
function holds(title: string, body: string, term: string, ascii: boolean): boolean {
  if (!ascii || NOT_ASCII.test(term) || term.includes('\n')) {
    return foldForMatch(`${title}\n${body}`).includes(foldForMatch(term));
  }
  return includesIgnoringCase(title, term) || includesIgnoringCase(body, term);
}

/** `text.toLowerCase().includes(lower)` for ASCII `text` and a lowercase ASCII `lower`, without the copy. */
function includesIgnoringCase(text: string, lower: string): boolean {
  const m = lower.length;
  if (m === 0) return true;
  const first = lower.charCodeAt(0);
  const upperFirst = first >= 97 && first <= 122 ? first - 32 : first;
  for (let i = 0; i + m <= text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== first && c !== upperFirst) continue;
    let k = 1;
    for (; k < m; k++) {
      let d = text.charCodeAt(i + k);
      if (d >= 65 && d <= 90) d += 32;
      if (d !== lower.charCodeAt(k)) break;
    }
    if (k === m) return true;
  }
  return false;
}

interface Params {
  q: string;
  mode: SearchMode;
  limit: number;
  folder: string | null;
  partition: string | null;
  includeArchived: boolean;
  tags: string[];
  fields: Array<[string, string]>;
  type: string | null;
  updatedAfter: string | null;
  updatedBefore: string | null;
}

const MAX_FILTER_VALUES = 20;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO date (midnight UTC) or timestamp as the index stores times (toISOString); 400 otherwise. */
function isoParam(v: unknown, name: string): string | null {
  if (v == null || v === '') return null;
  if (typeof v !== 'string' || !ISO_DATE.test(v.trim())) {
    throw new BadRequestError(`${name} must be an ISO 8601 date or timestamp, such as 2024-05-01 or 2024-05-01T12:00:00Z.`, 'invalid_parameter', { parameter: name });
  }
  const t = v.trim();
  // A date alone, or a time without a zone, is UTC.
  const ms = Date.parse(t.length === 10 ? `${t}T00:00:00Z` : /Z|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t}Z`);
  if (Number.isNaN(ms)) throw new BadRequestError(`${name} is not a valid date: ${t}.`, 'invalid_parameter', { parameter: name });
  const iso = new Date(ms).toISOString();
  // Date.parse rolls 2024-02-30 over to March: refuse a day the calendar does not have.
  if (t.length === 10 && iso.slice(0, 10) !== t) throw new BadRequestError(`${name} is not a valid date: ${t}.`, 'invalid_parameter', { parameter: name });
  return iso;
}

/** A string or a list of strings (a repeated query parameter), each non-empty. */
function stringList(v: unknown, name: string): string[] {
  if (v == null || v === '') return [];
  const list = Array.isArray(v) ? v : [v];
  if (list.length > MAX_FILTER_VALUES) throw new BadRequestError(`At most ${MAX_FILTER_VALUES} values of ${name}.`, 'invalid_parameter', { parameter: name });
  return list.map((x) => {
    const s = typeof x === 'number' || typeof x === 'boolean' ? String(x) : x;
    if (typeof s !== 'string' || !s.trim()) throw new BadRequestError(`${name} must be a non-empty string${Array.isArray(v) ? ' or a list of them' : ''}.`, 'invalid_parameter', { parameter: name });
    return s;
  });
}

/** The frontmatter equality filter: an object of key → value (string, number, boolean or a list of them). */
function fieldFilters(v: unknown): Array<[string, string]> {
  if (v == null) return [];
  if (typeof v !== 'object' || Array.isArray(v)) throw new BadRequestError('frontmatter must be an object of field → value.', 'invalid_parameter', { parameter: 'frontmatter' });
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
    if (!key.trim()) throw new BadRequestError('A frontmatter filter needs a field name (fm.<key>=<value>).', 'invalid_parameter', { parameter: 'frontmatter' });
    const values = stringList(value, `fm.${key}`);
    if (!values.length) throw new BadRequestError(`fm.${key} needs a value.`, 'invalid_parameter', { parameter: `fm.${key}` });
    for (const x of values) out.push([key, foldValue(x)]);
  }
  if (out.length > MAX_FILTER_VALUES) throw new BadRequestError(`At most ${MAX_FILTER_VALUES} frontmatter filters.`, 'invalid_parameter', { parameter: 'frontmatter' });
  return out;
}

/** Validate search parameters (typed values from MCP, strings from a query string). */
function parseParams(p: SearchParams): Params {
  if (typeof p.q !== 'string' || !p.q.trim()) throw new BadRequestError('The q parameter (the search text) is required.', 'missing_query');
  if (p.q.length > MAX_QUERY_LENGTH) throw new BadRequestError(`The search text is longer than ${MAX_QUERY_LENGTH} characters.`, 'query_too_long');
  let mode: SearchMode = 'hybrid';
  if (p.mode != null && p.mode !== '') {
    if (typeof p.mode !== 'string' || !(SEARCH_MODES as readonly string[]).includes(p.mode)) {
      throw new BadRequestError(`mode must be one of ${SEARCH_MODES.join(', ')}.`, 'invalid_mode', { modes: [...SEARCH_MODES] });
    }
    mode = p.mode as SearchMode;
  }
  let limit = DEFAULT_LIMIT;
  if (p.limit != null && p.limit !== '') {
    const n = typeof p.limit === 'string' && /^-?\d+$/.test(p.limit) ? Number(p.limit) : p.limit;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new BadRequestError('limit must be a positive integer.', 'invalid_parameter');
    // Refused, not capped: the same answer the search schema gives REST and MCP.
    if (n > MAX_LIMIT) throw new BadRequestError(`limit must be at most ${MAX_LIMIT}.`, 'invalid_parameter');
    limit = n;
  }
  const str = (v: unknown, name: string): string | null => {
    if (v == null || v === '') return null;
    if (typeof v !== 'string') throw new BadRequestError(`${name} must be a string.`, 'invalid_parameter');
    return v.trim() || null;
  };
  const folder = str(p.folder, 'folder');
  let includeArchived = false;
  if (p.includeArchived != null && p.includeArchived !== '') {
    if (p.includeArchived === true || p.includeArchived === 'true' || p.includeArchived === '1') includeArchived = true;
    else if (!(p.includeArchived === false || p.includeArchived === 'false' || p.includeArchived === '0')) {
      throw new BadRequestError('includeArchived must be true or false.', 'invalid_parameter');
    }
  }
  const tags = [...new Set([...stringList(p.tag, 'tag'), ...stringList(p.tags, 'tags')].map(foldTag).filter(Boolean))];
  const type = str(p.type, 'type');
  const updatedAfter = isoParam(p.updatedAfter, 'updatedAfter');
  const updatedBefore = isoParam(p.updatedBefore, 'updatedBefore');
  return {
    q: p.q,
    mode,
    limit,
    folder: folder ? normalizeFolder(folder) || null : null,
    partition: str(p.partition, 'partition'),
    includeArchived,
    tags,
    fields: fieldFilters(p.frontmatter),
    type: type ? foldValue(type) : null,
    updatedAfter,
    updatedBefore,
  };
}

/** The text with each misspelt word (a key of `fixes`) written as its correction, in its own case. */
function spelledAs(text: string, fixes: Map<string, string>): string {
  if (!fixes.size) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (w) => {
    const tokens = ftsTokens(w);
    const fix = tokens.length === 1 ? fixes.get(tokens[0]!) : undefined;
    return fix ? inCaseOf(w, fix) : w;
  });
}

/** `word` written in the case of `like`: all capitals, a capital first, or as it is. */
function inCaseOf(like: string, word: string): string {
  if (like.length > 1 && like === like.toUpperCase() && like !== like.toLowerCase()) return word.toUpperCase();
  const first = like.charAt(0);
  if (first !== first.toLowerCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}
