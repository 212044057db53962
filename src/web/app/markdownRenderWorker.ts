// The markdown renderer's thread (markdownRenderer.ts): says 'ready' once loaded, then renders one
// job at a time (a page, or a batch of lines) with everything it needs looked up beforehand on the
// main thread: where each wiki target leads, the titles of those pages, which image files exist.
import { parentPort } from 'node:worker_threads';
import { relativeWikiPath } from '../../domain/links.js';
import { brainUrl, pageUrl } from './layout.js';
import { renderInline, renderMarkdown, type RenderLinks } from './markdownView.js';

export interface RenderItem {
  text: string;
  /** The page the text is (or is from): relative links and names resolve from it. */
  sourcePath: string;
  /** Inline text from the search index: the page's wiki targets, written there without brackets. */
  linkTargets?: string[];
}

export interface RenderJob {
  /** `page`: whole pages to HTML; `inline`: lines (snippets, backlink lines) to one run of inline HTML each. */
  kind: 'page' | 'inline';
  items: RenderItem[];
  brainSlug: string;
  /** `sourcePath \n target` → the page that wiki target resolves to from there, or null. */
  resolved: Array<[string, string | null]>;
  /** `sourcePath \n key` → the page a markdown link of that index key (linkKey) resolves to from there, or null. */
  linked: Array<[string, string | null]>;
  /** Titles of the pages links resolved to. */
  titles: Array<[string, string]>;
  /** Image files looked up in the brain: path → whether it exists. */
  files: Array<[string, boolean]>;
  /** Links to no page yet lead to the editor (a writer) or to the page's "not written yet" view. */
  canCreate: boolean;
  /** `inline`: links to this page are marked. */
  highlight: string | null;
}

/**
 * The path a new page named by a wiki target would get: its folders and name as a lowercase slug.
 * A relative target (`../Reading/New`, `./New`) names one path from the linking page (`from`), and
 * only that page would satisfy the link: that path as written ('' when it climbs above the root).
 */
export function newPagePath(target: string, from = ''): string {
  if (/^\.\.?\//.test(target.trim())) return relativeWikiPath(target.trim(), from) ?? '';
  const slug = target
    .replace(/\.md$/i, '')
    .split('/')
    .map((seg) => seg.trim().toLowerCase().replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|-+$/g, ''))
    .filter(Boolean)
    .join('/');
  return slug ? `${slug}.md` : '';
}

export function jobLinks(job: RenderJob, sourcePath: string): RenderLinks {
  const resolved = new Map(job.resolved);
  const linked = new Map(job.linked);
  const titles = new Map(job.titles);
  const files = new Map(job.files);
  const brain = { slug: job.brainSlug };
  return {
    wikiTarget: (target) => resolved.get(`${sourcePath}\n${target}`) ?? null,
    linkTarget: (key) => linked.get(`${sourcePath}\n${key}`) ?? null,
    pageTitle: (path) => titles.get(path) ?? null,
    pageHref: (path, heading) => `${pageUrl(brain, path)}${heading ? `#${encodeURIComponent(heading)}` : ''}`,
    missingHref: (target) => {
      const path = newPagePath(target, sourcePath);
      if (!path) return brainUrl(brain, '/pages');
      return job.canCreate ? `${brainUrl(brain, '/pages/edit')}?path=${encodeURIComponent(path)}&title=${encodeURIComponent(target.replace(/\.md$/i, '').split('/').pop()!)}` : pageUrl(brain, path);
    },
    fileHref: (path) => (files.get(path) ? `${brainUrl(brain, '/files')}?path=${encodeURIComponent(path)}` : null),
  };
}

export async function runJob(job: RenderJob): Promise<string[]> {
  const out: string[] = [];
  for (const item of job.items) {
    const links = jobLinks(job, item.sourcePath);
    out.push(job.kind === 'page' ? await renderMarkdown(item.text, item.sourcePath, links) : await renderInline(item.text, item.sourcePath, links, { highlight: job.highlight }));
  }
  return out;
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (job: RenderJob) => {
    runJob(job).then(
      (htmls) => port.postMessage({ htmls }),
      (e: Error) => port.postMessage({ error: e.message }),
    );
  });
  port.postMessage('ready');
}
