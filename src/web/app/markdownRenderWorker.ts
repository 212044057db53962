// The markdown renderer's thread (markdownRenderer.ts): says 'ready' once loaded, then renders one
// page at a time with the wiki targets resolved beforehand on the main thread.
import { parentPort } from 'node:worker_threads';
import { pageUrl } from './layout.js';
import { renderMarkdown } from './markdownView.js';

export interface RenderJob {
  markdown: string;
  sourcePath: string;
  brainSlug: string;
  resolved: Array<[string, string | null]>;
}

parentPort!.on('message', (job: RenderJob) => {
  const resolved = new Map(job.resolved);
  const brain = { slug: job.brainSlug };
  renderMarkdown(job.markdown, job.sourcePath, {
    wikiTarget: (target) => resolved.get(target) ?? null,
    pageHref: (path, heading) => `${pageUrl(brain, path)}${heading ? `#${encodeURIComponent(heading)}` : ''}`,
  }).then(
    (html) => parentPort!.postMessage({ html }),
    (e: Error) => parentPort!.postMessage({ error: e.message }),
  );
});

parentPort!.postMessage('ready');
