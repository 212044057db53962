// Files (attachments) in the web app: the list with upload and delete, the bytes a page shows
// (images inline; SVG under a sandbox CSP), and the upload the editor's drag and drop uses.
// Every action goes through c.files, as the REST routes do.
import { Router } from 'express';
import { NotFoundError } from '../../../domain/errors.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { FILE_KINDS, isFilePath } from '../../../domain/files.js';
import { sendFile } from '../../../http/fileResponse.js';
import { filePutOf, filePutPrecheck } from '../../../http/filePutPrecheck.js';
import { field, queryString, type View, type WebApp } from '../context.js';
import { html } from '../html.js';
import { brainUrl, STATIC_BASE } from '../layout.js';
import { IMAGE_TYPES } from '../markdownView.js';

const LIST_LIMIT = 500;

export function filesRoutes(app: WebApp): Router {
  const r = Router();

  // With `path`: the file's bytes (what a page's image shows). Without: the files list.
  r.get(
    '/b/:brain/files',
    app.brainPage(async (v) => {
      const path = queryString(v.req, 'path');
      if (path) return serve(v, path);
      const list = v.c.files.list(v.actor, v.brain.id, { cursor: queryString(v.req, 'cursor') || null, limit: LIST_LIMIT });
      app.render(v, { title: 'Files', section: 'files', scripts: [`${STATIC_BASE}/files.js`], body: filesPage(v, list.files, list.nextCursor) });
    }),
  );

  // The raw bytes of one upload (files.js and the editor's drop), the path (and expectedVersion) in
  // the query; JSON reply, and problem+json for a refusal (prefersJson). Everything the headers and
  // the query can tell is checked before the body is read, as in the REST route (filePutPrecheck).
  r.post(
    '/b/:brain/files/upload',
    filePutPrecheck(app.c.files, { brainParam: 'brain', mayRead: (req) => app.actorOf(req) != null, multipart: false }),
    app.brainPage(async (v) => {
      const { path, expectedVersion } = filePutOf(v.res);
      try {
        const { file, created } = await v.c.files.put(v.actor, v.brain.id, { path, expectedVersion, body: v.req, contentType: v.req.get('content-type') ?? null });
        v.res.status(created ? 201 : 200).json(file);
      } catch (e) {
        if (!v.req.complete) v.res.setHeader('Connection', 'close');
        throw e;
      }
    }),
  );

  r.post(
    '/b/:brain/files/delete',
    app.brainAction(
      async (v) => {
        const path = field(v.req.body, 'path');
        await v.c.files.delete(v.actor, v.brain.id, path);
        return { to: brainUrl(v.brain, '/files'), ok: `Deleted ${path}.` };
      },
      (v) => brainUrl(v.brain, '/files'),
    ),
  );
  return r;
}

/** An attachment through the files service; an image the index does not know (older imports) straight from git. */
async function serve(v: View, path: string): Promise<void> {
  const attachment = isFilePath(path) ? v.c.files.find(v.actor, v.brain.id, path) : null;
  if (attachment) return await sendFile(v.req, v.res, attachment);
  const type = IMAGE_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
  const file = type ? await v.c.pages.file(v.actor, v.brain.id, path) : null;
  if (!file || !type) throw new NotFoundError(`The file ${path}`);
  v.res.setHeader('Cache-Control', 'private, max-age=60');
  v.res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  v.res.setHeader('X-Content-Type-Options', 'nosniff');
  v.res.type(type).send(file.bytes);
}

function filesPage(v: View, files: Array<{ path: string; contentType: string; size: number; updatedAt: string }>, nextCursor: string | null) {
  const canWrite = roleAtLeast(v.brain.role, 'Write');
  const href = (p: string) => `${brainUrl(v.brain, '/files')}?path=${encodeURIComponent(p)}`;
  const accept = FILE_KINDS.flatMap((k) => k.extensions.map((e) => `.${e}`)).join(',');
  return html`<section class="panel">
  <h1>Files</h1>
  <p class="muted">Images, PDFs, text, CSV and JSON kept beside the pages, up to ${Math.round(v.c.files.maxFileBytes / 1024 / 1024)} MB each. Link one from a page with <code>![alt](path)</code> or <code>[text](path)</code>.</p>
  ${canWrite
    ? html`<form id="file-upload" class="file-upload" data-action="${brainUrl(v.brain, '/files/upload')}">
        <label>File <input type="file" name="file" id="file-input" accept="${accept}" required></label>
        <label>Folder <input type="text" name="folder" id="file-folder" placeholder="e.g. img" value=""></label>
        <button type="submit">Upload</button>
        <p id="file-status" class="muted" role="status"></p>
      </form>`
    : ''}
  ${files.length
    ? html`<table class="files">
        <thead><tr><th>Path</th><th>Type</th><th>Size</th><th>Updated</th>${canWrite ? html`<th></th>` : ''}</tr></thead>
        <tbody>
          ${files.map(
            (f) => html`<tr>
              <td>${f.contentType.startsWith('image/') ? html`<img class="thumb" src="${href(f.path)}" alt="" loading="lazy"> ` : ''}<a href="${href(f.path)}">${f.path}</a></td>
              <td>${f.contentType}</td>
              <td>${formatSize(f.size)}</td>
              <td><time datetime="${f.updatedAt}">${f.updatedAt.slice(0, 16).replace('T', ' ')}</time></td>
              ${canWrite
                ? html`<td><form method="post" action="${brainUrl(v.brain, '/files/delete')}" class="inline" data-confirm="Delete ${f.path}?">
                    <input type="hidden" name="_csrf" value="${v.csrf}">
                    <input type="hidden" name="path" value="${f.path}">
                    <button type="submit" class="danger" aria-label="Delete ${f.path}">Delete</button>
                  </form></td>`
                : ''}
            </tr>`,
          )}
        </tbody>
      </table>
      ${nextCursor ? html`<p><a href="${brainUrl(v.brain, '/files')}?cursor=${encodeURIComponent(nextCursor)}">More files</a></p>` : ''}`
    : html`<p class="empty">No files yet.</p>`}
</section>`;
}

function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
