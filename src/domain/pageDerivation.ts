// Pure: everything the index derives from one page's markdown, computed once per page write —
// frontmatter/title/summary, search chunks (with the hash their vector is keyed by), the names the
// page answers to and its links. The index hooks only store it. Being plain data, a large commit's
// derivation can run on another thread while its git objects are written (storage/indexing/).
import { hash as digest } from 'node:crypto';
import { chunkPage, DEFAULT_CHUNKING, embeddingInput, frontmatterText, type Chunk } from './chunking.js';
import { fileLinksOf } from './files.js';
import { extractLinks, relativeWikiPath, wikiPath, type LinkKind } from './links.js';
import { parsePage, parseTitleAndBody, type ParsedPage } from './markdown.js';
import { linkKey, pageKeys, type PageKey } from './pageRefs.js';
import { pageFacets, type PageFacets } from './pageFacets.js';
import { frontmatterNameLinks, linkTypes, type RelationRules } from './relations/relations.js';
import { columnFts, ftsColumns, type FtsColumns } from './scriptFolding.js';

/**
 * The version of what `derivePage` makes of a page. Bump it with any change that makes it answer
 * differently for the same markdown (a chunk's hash or embedding input, names, link extraction or
 * typing, facets): each page's row records the version that derived it (with the brain's schema
 * rules it read, and CHUNKING_VERSION), and `brainkeep reindex` derives again in place every page
 * whose record differs (storage/indexReconciler.ts), without a change in the feed.
 * NOT for a change of how a page is cut into chunks or of a chunk's FTS text or folding: bump
 * CHUNKING_VERSION below for those.
 * 2: relative wiki links (`[[../x]]`) and markdown hrefs are keyed as their page reads them (issue 28).
 */
export const DERIVATION_VERSION = 2;

/**
 * The version of how a page is cut into chunks and what their full-text rows hold (the chunk
 * texts, headings, meta, FTS folding: domain/chunking.ts, scriptFolding.ts). The contentless FTS5
 * tables take a row out only with the values it went in with, and the index cuts the stored
 * markdown again with the running code to find them: after such a change an in-place refresh (or
 * any write) would leave stale tokens and broken doclists, silently. So a bump here is never
 * refreshed in place: `brainkeep reindex` refuses a brain holding pages cut by another version and
 * names `brainkeep reindex --full` (drop and replay), which is the upgrade step to announce with
 * the bump. Recorded in each page row's derivation stamp (pageIndexRepo derivationStamp); rows
 * whose stamp names none were cut by version 1.
 */
export const CHUNKING_VERSION = 1;

/** The CHUNKING_VERSION a page row's derivation stamp records ('' and stamps without one: 1, before it was recorded). */
export function chunkingOfStamp(stamp: string): number {
  const m = /^\d+\.(\d+)/.exec(stamp);
  return m ? Number(m[1]) : 1;
}

export interface DerivedChunk {
  ordinal: number;
  title: string;
  heading: string;
  body: string;
  /** Searchable frontmatter values (first chunk only). */
  meta: string;
  /** sha1 of what the embedding model reads: a chunk keeps its vector while this is unchanged. */
  hash: string;
  /** What the FTS5 tables take of title, heading, body and meta (domain/scriptFolding). */
  fts: FtsColumns;
}

export interface DerivedLink {
  target: string;
  /** The lookup key the link resolves by (a path or a name). */
  key: string;
  kind: LinkKind;
  heading: string | null;
  /** 1-based; the line's text (a backlink's context) is cut from the page when asked for, not carried. */
  line: number;
  /** The relation the link expresses (`mentions` for a plain link; see relations/). */
  type: string;
}

export interface DerivedPage {
  /** Frontmatter, title and summary (the body lives on in `chunks`: a large commit's pages cross threads, so nothing unused is carried). */
  parsed: Omit<ParsedPage, 'body'>;
  chunks: DerivedChunk[];
  keys: PageKey[];
  links: DerivedLink[];
  /** Tags and frontmatter fields, for search filters. */
  facets: PageFacets;
  /** The files (attachments) the page links to (domain/files fileLinksOf), derived here with the rest, off the index transaction. */
  fileLinks: string[];
  /**
   * The markdown as the SQLite page row stores it (storage/sqlite/pageText packMarkdown), when the
   * derivation thread was asked to compute it ahead (a large commit): the index transaction then
   * stores it as given instead of compressing the page on its own thread. derivePage never sets it.
   */
  stored?: string | Uint8Array;
}

function pageChunks(parsed: ParsedPage): Chunk[] {
  return chunkPage(parsed.title, parsed.body);
}

/**
 * The text of each chunk of a page, by ordinal: the same cut as `derivePage` makes (the index stores
 * a chunk's hash, heading and rank data, not its text, and cuts the text again for snippets and
 * embedding input).
 */
export function chunkTexts(path: string, markdown: string, last = Infinity): string[] {
  // Not parsePage: the summary it also reads (a quarter of the work) plays no part in the chunks.
  const { title, body } = parseTitleAndBody(path, markdown);
  return chunkTextsOfBody(title, body, last);
}

/**
 * chunkTexts for a page whose title and body are known (its index row's title, and the body
 * after a frontmatter block its row says parsed): the same texts without parsing the page again.
 * `last`: the texts of chunks 0..last only (the page is read no further than their end).
 */
export function chunkTextsOfBody(title: string, body: string, last = Infinity): string[] {
  return chunkPage(title, body, DEFAULT_CHUNKING, last).map((c) => c.text);
}

/** `rules`: the brain's additions to the relation cue table (its schema's link fields and cues). */
export function derivePage(path: string, markdown: string, rules?: RelationRules | null): DerivedPage {
  const parsed = parsePage(path, markdown);
  const meta = frontmatterText(parsed.frontmatter);
  const titleFts = columnFts(parsed.title);
  const chunks = pageChunks(parsed).map((c) => {
    const chunkMeta = c.ordinal === 0 ? meta : '';
    return {
      ordinal: c.ordinal,
      title: parsed.title,
      heading: c.headings,
      body: c.text,
      meta: chunkMeta,
      // One-shot: no Hash object per chunk (the same hex as createHash's).
      hash: digest('sha1', embeddingInput(parsed.title, c), 'hex'),
      fts: ftsColumns([parsed.title, c.headings, c.text, chunkMeta], titleFts),
    };
  });
  const refs = extractLinks(markdown, path);
  const types = linkTypes(markdown, refs, rules);
  const links: DerivedLink[] = refs.map((l, i) => ({ target: l.target, key: linkKey(l), kind: l.kind, heading: l.heading, line: l.line, type: types[i]! }));
  // Names under a frontmatter key that holds links (`company: Acme`) are links of that key's type.
  for (const n of frontmatterNameLinks(markdown, parsed.frontmatter, rules)) {
    // Read as a wiki link of the same text is (`up: ../Index` relative to the page), as migration 034 keys it.
    links.push({ target: n.target, key: linkKey({ path: relativeWikiPath(n.target, path) ?? wikiPath(n.target), target: n.target }), kind: 'wiki', heading: null, line: n.line, type: n.type });
  }
  const { frontmatter, title, summary } = parsed;
  return {
    parsed: { frontmatter, title, summary },
    chunks,
    keys: pageKeys(path, title, frontmatter),
    links,
    facets: pageFacets(frontmatter, parsed.body),
    fileLinks: fileLinksOf(path, markdown),
  };
}

/**
 * Each chunk's text by its id (one cut per page). Rows carry their page's path and either its
 * markdown or, through `markdownOf`, a way to read it once per page: a query that joins the page's
 * markdown to every chunk row returns one copy per chunk, so a page of n chunks costs n times its
 * size (a 3 MB page of a thousand chunks held 3 GB of copies).
 */
export function chunkTextsOf(
  rows: Array<{ id: number; pageId: number; ordinal: number; path: string; markdown?: string }>,
  markdownOf?: (pageId: number) => string,
): Map<number, string> {
  const texts = new Map<number, string[]>();
  const out = new Map<number, string>();
  for (const r of rows) {
    let t = texts.get(r.pageId);
    if (!t) texts.set(r.pageId, (t = chunkTexts(r.path, r.markdown ?? markdownOf?.(r.pageId) ?? '')));
    out.set(r.id, t[r.ordinal] ?? '');
  }
  return out;
}
