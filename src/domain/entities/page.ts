// The page, defined once: the entity as indexed (`Page`), its changes (`PageChange`), its wire
// shapes (CONTRACT "Page": one hydrated page, and a page list item) and the mappers to them.
import { splitPageFile } from '../frontmatter.js';

export type ChangeOp = 'put' | 'delete' | 'move';

/** A page as the index holds it: the whole file in `markdown` (frontmatter block and body). */
export interface Page {
  id: number;
  brainId: string;
  path: string;
  folder: string;
  title: string;
  summary: string;
  frontmatter: Record<string, unknown>;
  markdown: string;
  version: number;
  blobOid: string;
  commit: string;
  partition: string | null;
  updatedAt: string;
  updatedBy: string;
}

export interface PageChange {
  seq: number;
  op: ChangeOp;
  path: string;
  fromPath: string | null;
  version: number;
  commit: string;
  at: string;
  by: string;
}

/** CONTRACT "Page (one, hydrated)". */
export interface PageWire {
  path: string;
  title: string;
  summary: string;
  /** The page's frontmatter keys (CONTRACT "Page body": only here, never in `markdown`). */
  frontmatter: Record<string, unknown>;
  /** The body: the file after its frontmatter block, exactly as written. */
  markdown: string;
  version: number;
  token: string;
  commit: string;
  partition: string | null;
  updatedAt: string;
  updatedBy: string;
}

/** CONTRACT "Page list" item. */
export type PageListItemWire = Pick<Page, 'path' | 'title' | 'summary' | 'version' | 'updatedAt'>;

/** The opaque token that changes on every write of a page. */
export function pageToken(p: Pick<Page, 'version' | 'commit' | 'blobOid'>): string {
  return Buffer.from(`${p.version}.${p.commit.slice(0, 12)}.${p.blobOid.slice(0, 8)}`).toString('base64url');
}

export function toPageWire(p: Page): PageWire {
  return {
    path: p.path,
    title: p.title,
    summary: p.summary,
    frontmatter: p.frontmatter,
    markdown: splitPageFile(p.markdown).body,
    version: p.version,
    token: pageToken(p),
    commit: p.commit,
    partition: p.partition,
    updatedAt: p.updatedAt,
    updatedBy: p.updatedBy,
  };
}

export function toPageListItemWire(p: Pick<Page, 'path' | 'title' | 'summary' | 'version' | 'updatedAt'>): PageListItemWire {
  return { path: p.path, title: p.title, summary: p.summary, version: p.version, updatedAt: p.updatedAt };
}
