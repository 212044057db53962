// What the API does, in the web app: upload to the inbox (a file or pasted text) and import a chat
// export; move or rename a page (links to it are rewritten by the pages service); create a brain
// from a template; rename a brain and delete it with its slug typed as the confirm step. Thin:
// c.inbox, c.chatImports, c.pages and c.brains decide; refusals come back as their own messages.
import { Router, type Request, type Response } from 'express';
import { VISIBILITY_NAMES } from '../../../domain/enums.js';
import { AppError } from '../../../domain/errors.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { SKILLS } from '../../../domain/skills.js';
import { uploadInputOf } from '../../../http/multipartUpload.js';
import type { UploadInput } from '../../../services/inboxService.js';
import { field, queryString, type View, type WebApp } from '../context.js';
import { setFlash, takeFlash } from '../flash.js';
import { html, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { createBrainBody, updateBrainBody } from '../../../domain/schemas/brains.js';
import { uploadBody } from '../../../domain/schemas/inbox.js';
import { movePageBody } from '../../../domain/schemas/pages.js';
import { APP_BASE, brainUrl, pageUrl, shell } from '../layout.js';
import { csrfField, settingsPage } from '../settingsNav.js';

export function lifecycleRoutes(app: WebApp): Router {
  const r = Router();

  // ---- inbox upload and chat import
  const uploadUrl = (v: View) => brainUrl(v.brain, '/inbox/upload');
  r.get('/b/:brain/inbox/upload', app.brainPage((v) => app.render(v, { title: 'Add to the inbox', section: 'inbox', body: uploadScreen(v) })));
  r.post(
    '/b/:brain/inbox/upload',
    ...app.fileForm(),
    app.brainAction(async (v) => {
      const reply = await v.c.inbox.upload(v.actor, v.brain.id, webUploadInput(v.req), 'api');
      const item = reply.body.item;
      const to = brainUrl(v.brain, `/inbox/${encodeURIComponent(item.id)}`);
      return { to, ok: reply.body.duplicate ? `Already in the inbox: ${item.filename}.` : `Added ${item.filename} to the inbox; the filer takes it from here.` };
    }, uploadUrl),
  );
  r.post(
    '/b/:brain/inbox/import',
    ...app.fileForm(),
    app.brainAction(async (v) => {
      const staged = uploadInputOf(v.req).stagedFile;
      const result = await v.c.chatImports.import(v.actor, v.brain.id, field(v.req.body, 'format') || null, { stagedFile: staged?.size ? staged : undefined });
      const to = brainUrl(v.brain, '/inbox?status=all');
      const done = `Imported ${result.items.length} conversation${result.items.length === 1 ? '' : 's'}: ${result.created} new, ${result.revised} revised, ${result.duplicates} already there.`;
      if (!result.failed) return { to, ok: done };
      // What was stored stays; the ones that were not are named with their reason.
      const failures = result.conversations.filter((c) => c.error);
      const named = failures.slice(0, 3).map((c) => `${c.title} (${c.error!.detail})`).join('; ');
      setFlash(v.res, { kind: 'error', text: `${done} ${result.failed} not stored: ${named}${failures.length > 3 ? `; and ${failures.length - 3} more` : ''}.` });
      return { to };
    }, uploadUrl),
  );

  // ---- move or rename a page
  r.get(
    '/b/:brain/pages/move',
    app.brainPage((v) => {
      const page = v.c.pages.get(v.actor, v.brain.id, queryString(v.req, 'path'));
      app.render(v, { title: `Move ${page.title}`, section: 'pages', body: moveScreen(v, page) });
    }),
  );
  r.post(
    '/b/:brain/pages/move',
    app.brainAction(
      async (v) => {
        const fromPath = field(v.req.body, 'fromPath');
        const expected = field(v.req.body, 'expectedVersion');
        const page = await v.c.pages.move(v.actor, v.brain.id, { fromPath, toPath: field(v.req.body, 'toPath').trim(), ...(expected ? { expectedVersion: Number(expected) } : {}) });
        return { to: pageUrl(v.brain, page.path), ok: `Moved ${fromPath} to ${page.path}; links to it were rewritten.` };
      },
      (v) => pageUrl(v.brain, field(v.req.body, 'fromPath'), '/move'),
    ),
  );

  // ---- a brain's name, slug, visibility; delete to the trash
  const brainSettingsUrl = (v: View) => brainUrl(v.brain, '/settings/brain');
  r.get('/b/:brain/settings/brain', app.brainPage((v) => app.render(v, { title: 'Brain', section: 'settings', body: settingsPage(v, 'brain', brainScreen(v)) })));
  r.post(
    '/b/:brain/settings/brain',
    app.brainAction((v) => {
      const owner = roleAtLeast(v.brain.role, 'Owner');
      const body: Record<string, unknown> = { name: field(v.req.body, 'name'), description: field(v.req.body, 'description') };
      if (owner) {
        body.slug = field(v.req.body, 'slug').trim();
        body.visibility = Number(field(v.req.body, 'visibility'));
      }
      const brain = v.c.brains.update(v.actor, v.brain.id, body);
      return { to: brainUrl(brain, '/settings/brain'), ok: 'Saved.' };
    }, brainSettingsUrl),
  );
  r.post(
    '/b/:brain/settings/brain/delete',
    app.brainAction(async (v) => {
      await v.c.brains.delete(v.actor, v.brain.id, field(v.req.body, 'confirm'));
      return { to: APP_BASE, ok: `Deleted ${v.brain.slug}. It stays in the trash for ${v.c.config.trashDays} days; the operator can restore it.` };
    }, brainSettingsUrl),
  );

  // ---- create a brain from a template (not under a brain)
  r.get('/brains/new', (req, res, next) => {
    try {
      const actor = app.actorOf(req);
      if (!actor) return res.redirect(303, app.auth.signInUrl(req.originalUrl));
      sendPlain(app, req, res, 'New brain', newBrainScreen(app, req, res));
    } catch (e) {
      next(e);
    }
  });
  r.post('/brains/new', async (req, res, next) => {
    const actor = app.actorOf(req);
    if (!actor) return res.redirect(303, app.auth.signInUrl(`${APP_BASE}/brains/new`));
    try {
      const brain = await app.c.brains.create(actor, {
        name: field(req.body, 'name') || null,
        slug: field(req.body, 'slug').trim() || null,
        description: field(req.body, 'description') || null,
        templateKey: field(req.body, 'templateKey') || null,
        visibility: Number(field(req.body, 'visibility') || '0'),
      });
      setFlash(res, { kind: 'ok', text: `Created ${brain.name ?? brain.slug} from the ${brain.templateKey} template.` });
      res.redirect(303, brainUrl(brain));
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) return next(e);
      setFlash(res, { kind: 'error', text: e.detail });
      res.redirect(303, `${APP_BASE}/brains/new`);
    }
  });

  return r;
}

/** The upload form's fields: an empty file part or empty text box is "not given". */
function webUploadInput(req: Request): UploadInput {
  const fields = (req.body ?? {}) as Record<string, unknown>;
  for (const k of ['content', 'filename', 'skill', 'targetFolder']) if (fields[k] === '') delete fields[k];
  const input = uploadInputOf(req);
  if (input.stagedFile && input.stagedFile.size === 0) {
    delete input.stagedFile;
    if (input.contentType === 'application/octet-stream') delete input.contentType;
  }
  if (input.content != null && !input.stagedFile) {
    delete input.contentType;
    input.filename ??= 'pasted-text.md';
  }
  return input;
}

/** A file form's action: its CSRF token rides in the URL, so it is checked before the body is read. */
function fileFormAction(v: View, rest: string): string {
  return `${brainUrl(v.brain, rest)}?_csrf=${encodeURIComponent(v.csrf)}`;
}

function uploadScreen(v: View): SafeHtml {
  return html`<section class="panel stack">
      <h1>Add to the inbox</h1>
      <p class="muted">A file (PDF, Word, HTML, text) or pasted text becomes an inbox item; the filer reads it and files it into pages.</p>
      <form method="post" action="${fileFormAction(v, '/inbox/upload')}" enctype="multipart/form-data" class="stack">
        <div><label for="up-file">File</label><input type="file" id="up-file" name="file"></div>
        <div><label for="up-text">Or paste text</label><textarea id="up-text" name="content" rows="8"></textarea></div>
        <div><label for="up-name">Name <span class="muted small">(optional, for example notes.md)</span></label><input type="text" id="up-name" name="filename" ${limitsOf(uploadBody, 'filename')}></div>
        <div><label for="up-skill">Skill hint</label>
          <select id="up-skill" name="skill"><option value="">Let the filer decide</option>${SKILLS.map((s) => html`<option value="${s}">${s}</option>`)}</select></div>
        <button type="submit">Add to inbox</button>
      </form>
    </section>
    <section class="panel stack">
      <h2>Import a chat export</h2>
      <p class="muted">ChatGPT or Claude: the export's conversations.json or the whole zip. Each conversation becomes one item; importing a later export again revises only the conversations that changed.</p>
      <form method="post" action="${fileFormAction(v, '/inbox/import')}" enctype="multipart/form-data" class="stack">
        <div><label for="imp-format">Export from</label>
          <select id="imp-format" name="format"><option value="chatgpt">ChatGPT</option><option value="claude">Claude</option></select></div>
        <div><label for="imp-file">Export file</label><input type="file" id="imp-file" name="file" required></div>
        <button type="submit">Import conversations</button>
      </form>
    </section>`;
}

function moveScreen(v: View, page: { path: string; title: string; version: number }): SafeHtml {
  return html`<section class="panel stack">
    <p><a href="${pageUrl(v.brain, page.path)}">← ${page.title}</a></p>
    <h1>Move or rename <span class="mono">${page.path}</span></h1>
    <p class="muted">Links to this page in other pages are rewritten to the new path, in the same commit.</p>
    <form method="post" action="${brainUrl(v.brain, '/pages/move')}" class="stack">
      ${csrfField(v)}
      <input type="hidden" name="fromPath" value="${page.path}">
      <input type="hidden" name="expectedVersion" value="${page.version}">
      <div><label for="mv-to">New path</label><input type="text" id="mv-to" name="toPath" value="${page.path}" ${limitsOf(movePageBody, 'toPath')} required class="mono"></div>
      <button type="submit">Move</button>
    </form>
  </section>`;
}

function brainScreen(v: View): SafeHtml {
  const owner = roleAtLeast(v.brain.role, 'Owner');
  return html`<section class="panel stack">
      <h1>Brain</h1>
      <form method="post" action="${brainUrl(v.brain, '/settings/brain')}" class="stack">
        ${csrfField(v)}
        <div><label for="b-name">Name</label><input type="text" id="b-name" name="name" value="${v.brain.name ?? ''}" ${limitsOf(updateBrainBody, 'name')}></div>
        <div><label for="b-desc">Description</label><textarea id="b-desc" name="description" rows="3" ${limitsOf(updateBrainBody, 'description')}>${v.brain.description ?? ''}</textarea></div>
        ${owner
          ? html`<div><label for="b-slug">Slug <span class="muted small">(in URLs and the git remote)</span></label><input type="text" id="b-slug" name="slug" value="${v.brain.slug}" pattern="[a-z0-9\\-]{1,64}" ${limitsOf(updateBrainBody, 'slug')} required class="mono"></div>
              <div><label for="b-vis">Visibility</label><select id="b-vis" name="visibility">${VISIBILITY_NAMES.map((n, i) => html`<option value="${i}" ${v.brain.visibility === i ? html`selected` : ''}>${n}</option>`)}</select></div>`
          : html`<p class="muted small">Slug <span class="mono">${v.brain.slug}</span> and visibility ${VISIBILITY_NAMES[v.brain.visibility] ?? ''} can be changed by an Owner.</p>`}
        <button type="submit">Save</button>
      </form>
    </section>
    ${owner
      ? html`<section class="panel stack danger" aria-labelledby="del-h">
          <h2 id="del-h">Delete this brain</h2>
          <p>The brain leaves the API, MCP, git, search and this app at once. Its repository and history stay in the server's trash, from which the operator can restore it.</p>
          <form method="post" action="${brainUrl(v.brain, '/settings/brain/delete')}" class="stack">
            ${csrfField(v)}
            <div><label for="del-confirm">Type <span class="mono">${v.brain.slug}</span> to confirm</label>
              <input type="text" id="del-confirm" name="confirm" autocomplete="off" data-must-equal="${v.brain.slug}" required class="mono"></div>
            <button type="submit" class="danger">Delete brain</button>
          </form>
        </section>`
      : ''}`;
}

function newBrainScreen(app: WebApp, req: Request, res: Response): SafeHtml {
  const csrf = app.auth.csrfToken(req, res);
  return html`<section class="panel stack">
    <h1>New brain</h1>
    <form method="post" action="${APP_BASE}/brains/new" class="stack">
      <input type="hidden" name="_csrf" value="${csrf}">
      <div><label for="nb-name">Name</label><input type="text" id="nb-name" name="name" required ${limitsOf(createBrainBody, 'name')}></div>
      <div><label for="nb-slug">Slug <span class="muted small">(optional; made from the name)</span></label><input type="text" id="nb-slug" name="slug" pattern="[a-z0-9\\-]{1,64}" ${limitsOf(createBrainBody, 'slug')} class="mono"></div>
      <div><label for="nb-template">Template</label><select id="nb-template" name="templateKey">${app.c.brains.templates().map((t) => html`<option value="${t}" ${t === 'default' ? html`selected` : ''}>${t}</option>`)}</select></div>
      <div><label for="nb-desc">Description</label><textarea id="nb-desc" name="description" rows="2" ${limitsOf(createBrainBody, 'description')}></textarea></div>
      <div><label for="nb-vis">Visibility</label><select id="nb-vis" name="visibility">${VISIBILITY_NAMES.map((n, i) => html`<option value="${i}">${n}</option>`)}</select></div>
      <button type="submit">Create brain</button>
    </form>
  </section>`;
}

/** A screen that belongs to no brain (the shell without tabs). */
function sendPlain(app: WebApp, req: Request, res: Response, title: string, body: SafeHtml): void {
  const actor = app.actorOf(req)!;
  const csrf = app.auth.csrfToken(req, res);
  res
    .status(200)
    .type('html')
    .send(
      shell({
        title,
        user: { email: actor.email, name: actor.name },
        brains: app.c.brains.list(actor),
        brain: null,
        section: null,
        csrf,
        signOutUrl: app.auth.signOutUrl,
        flash: takeFlash(req, res),
        body,
      }),
    );
}
