// Pure: everything the index derives from one page's markdown, computed once per page write —
// frontmatter/title/summary, search chunks (with the hash their vector is keyed by), the names the
// page answers to and its links. The index hooks only store it. Being plain data, a large commit's
// derivation can run on another thread while its git objects are written (storage/indexing/).
import { createHash } from 'node:crypto';
import { chunkPage, embeddingInput, frontmatterText } from './chunking.js';
import { contextLine, extractLinks, type LinkKind } from './links.js';
import { parsePage, type ParsedPage } from './markdown.js';
import { linkKey, pageKeys, type PageKey } from './pageRefs.js';

export interface DerivedChunk {
  ordinal: number;
  title: string;
  heading: string;
  body: string;
  /** Searchable frontmatter values (first chunk only). */
  meta: string;
  /** sha1 of what the embedding model reads: a chunk keeps its vector while this is unchanged. */
  hash: string;
}

export interface DerivedLink {
  target: string;
  /** The lookup key the link resolves by (a path or a name). */
  key: string;
  kind: LinkKind;
  heading: string | null;
  line: number;
  context: string;
}

export interface DerivedPage {
  /** Frontmatter, title and summary (the body lives on in `chunks`: a large commit's pages cross threads, so nothing unused is carried). */
  parsed: Omit<ParsedPage, 'body'>;
  chunks: DerivedChunk[];
  keys: PageKey[];
  links: DerivedLink[];
}

export function derivePage(path: string, markdown: string): DerivedPage {
  const parsed = parsePage(path, markdown);
  const meta = frontmatterText(parsed.frontmatter);
  const chunks = chunkPage(parsed.title, parsed.body).map((c) => ({
    ordinal: c.ordinal,
    title: parsed.title,
    heading: c.headings,
    body: c.text,
    meta: c.ordinal === 0 ? meta : '',
    hash: createHash('sha1').update(embeddingInput(parsed.title, c)).digest('hex'),
  }));
  const links = extractLinks(markdown, path).map((l) => ({ target: l.target, key: linkKey(l), kind: l.kind, heading: l.heading, line: l.line, context: contextLine(markdown, l) }));
  const { frontmatter, title, summary } = parsed;
  return { parsed: { frontmatter, title, summary }, chunks, keys: pageKeys(path, title, frontmatter), links };
}
