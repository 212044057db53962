// Settings (Admin/Owner): members, service credentials, schema and instructions. The services
// enforce every rule (last Owner, workspace users only, role ceilings); refusals come back as
// their own messages. A new credential's key is rendered once, into the POST's own no-store reply.
import { Router } from 'express';
import { AppError } from '../../../domain/errors.js';
import { ROLES, roleAtLeast } from '../../../domain/roles.js';
import { field, type View, type WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { addMemberBody } from '../../../domain/schemas/members.js';
import { createCredentialBody } from '../../../domain/schemas/credentials.js';
import { brainUrl } from '../layout.js';
import { csrfField, settingsPage, when } from '../settingsNav.js';

export function settingsRoutes(app: WebApp): Router {
  const r = Router();
  const membersUrl = (v: View) => brainUrl(v.brain, '/settings');
  const credentialsUrl = (v: View) => brainUrl(v.brain, '/settings/credentials');
  const schemaUrl = (v: View) => brainUrl(v.brain, '/settings/schema');

  // ---- members
  r.get(
    '/b/:brain/settings',
    app.brainPage((v) => {
      const { members } = v.c.members.list(v.actor, v.brain.id);
      app.render(v, { title: 'Members', section: 'settings', body: settingsPage(v, 'members', membersScreen(v, members)) });
    }),
  );
  r.post(
    '/b/:brain/settings/members',
    app.brainAction((v) => {
      const m = v.c.members.add(v.actor, v.brain.id, { email: field(v.req.body, 'email').trim(), role: field(v.req.body, 'role') || 'Read' });
      return { to: membersUrl(v), ok: `${m.email} now has ${m.role} on this brain.` };
    }, membersUrl),
  );
  r.post(
    '/b/:brain/settings/members/:userId/role',
    app.brainAction((v) => {
      const m = v.c.members.update(v.actor, v.brain.id, String(v.req.params.userId), { role: field(v.req.body, 'role') });
      return { to: membersUrl(v), ok: `${m.email} is now ${m.role}.` };
    }, membersUrl),
  );
  r.post(
    '/b/:brain/settings/members/:userId/remove',
    app.brainAction((v) => {
      v.c.members.remove(v.actor, v.brain.id, String(v.req.params.userId));
      return { to: membersUrl(v), ok: 'Access removed.' };
    }, membersUrl),
  );

  // ---- service credentials
  r.get(
    '/b/:brain/settings/credentials',
    app.brainPage((v) => {
      const { credentials } = v.c.credentials.list(v.actor, v.brain.id);
      app.render(v, { title: 'Service credentials', section: 'settings', body: settingsPage(v, 'credentials', credentialsScreen(v, credentials, null)) });
    }),
  );
  r.post(
    '/b/:brain/settings/credentials',
    app.brainAction((v) => {
      const created = v.c.credentials.create(v.actor, v.brain.id, { role: field(v.req.body, 'role'), label: field(v.req.body, 'label') });
      const { credentials } = v.c.credentials.list(v.actor, v.brain.id);
      app.render(v, {
        title: 'Credential created',
        section: 'settings',
        noStore: true,
        status: 201,
        body: settingsPage(v, 'credentials', credentialsScreen(v, credentials, created)),
      });
    }, credentialsUrl),
  );
  r.post(
    '/b/:brain/settings/credentials/:id/revoke',
    app.brainAction((v) => {
      v.c.credentials.revoke(v.actor, v.brain.id, String(v.req.params.id));
      return { to: credentialsUrl(v), ok: 'Credential revoked; it stops working at once.' };
    }, credentialsUrl),
  );

  // ---- schema and instructions
  r.get(
    '/b/:brain/settings/schema',
    app.brainPage(async (v) => {
      const [schema, instructions] = await Promise.all([v.c.brains.schema(v.actor, v.brain.id), v.c.brains.instructions(v.actor, v.brain.id)]);
      app.render(v, {
        title: 'Schema and instructions',
        section: 'settings',
        body: settingsPage(v, 'schema', schemaScreen(v, JSON.stringify(schema, null, 2), instructions.markdown, null)),
      });
    }),
  );
  r.post(
    '/b/:brain/settings/schema',
    app.brainPage(async (v) => {
      const which = field(v.req.body, 'file') === 'instructions' ? 'instructions' : 'schema';
      const text = field(v.req.body, 'content').replace(/\r\n/g, '\n');
      const path = which === 'schema' ? '.brain/schema.json' : '.brain/instructions.md';
      try {
        await v.c.pages.put(v.actor, v.brain.id, { path, markdown: which === 'schema' && !text.endsWith('\n') ? `${text}\n` : text });
        v.res.redirect(303, `${schemaUrl(v)}?saved=${which}`);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        const [schema, instructions] = await Promise.all([v.c.brains.schema(v.actor, v.brain.id), v.c.brains.instructions(v.actor, v.brain.id)]);
        app.render(v, {
          title: 'Schema and instructions',
          section: 'settings',
          status: e.status,
          body: settingsPage(
            v,
            'schema',
            schemaScreen(v, which === 'schema' ? text : JSON.stringify(schema, null, 2), which === 'instructions' ? text : instructions.markdown, { which, text: e.detail }),
          ),
        });
      }
    }),
  );

  return r;
}

type Member = ReturnType<View['c']['members']['list']>['members'][number];

function membersScreen(v: View, members: Member[]): SafeHtml {
  const owner = roleAtLeast(v.brain.role, 'Owner');
  const grantable = ROLES.filter((r) => owner || r !== 'Owner');
  return html`<section class="panel">
    <h1>Members</h1>
    <p class="muted small">Only people with a workspace account can be added. Each person has one role. The last Owner cannot be demoted or removed${owner ? '' : '; only an Owner can grant or change the Owner role'}.</p>
    <table class="data">
      <thead><tr><th scope="col">Person</th><th scope="col">Role</th><th scope="col">Since</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>
      <tbody>${members.map(
        (m) => html`<tr>
          <td>${m.displayName}<div class="muted small">${m.email}</div></td>
          <td><form method="post" action="${brainUrl(v.brain, `/settings/members/${encodeURIComponent(m.userId)}/role`)}" class="row">${csrfField(v)}
            <label class="visually-hidden" for="role-${m.userId}">Role of ${m.email}</label>
            <select id="role-${m.userId}" name="role">${ROLES.map((r) => html`<option value="${r}" ${r === m.role ? html`selected` : ''}>${r}</option>`)}</select>
            <button type="submit" class="secondary">Change</button></form></td>
          <td class="small">${when(m.grantedAt)}</td>
          <td><form method="post" action="${brainUrl(v.brain, `/settings/members/${encodeURIComponent(m.userId)}/remove`)}" data-confirm="Remove ${m.email} from this brain?">${csrfField(v)}
            <button type="submit" class="link">Remove</button></form></td>
        </tr>`,
      )}</tbody>
    </table>
  </section>
  <section class="panel">
    <h2>Add a member</h2>
    <form method="post" action="${brainUrl(v.brain, '/settings/members')}" class="row">${csrfField(v)}
      <div><label for="m-email">Email</label><input type="email" id="m-email" name="email" required ${limitsOf(addMemberBody, 'email')} size="32"></div>
      <div><label for="m-role">Role</label><select id="m-role" name="role">${grantable.map((r) => html`<option value="${r}">${r}</option>`)}</select></div>
      <button type="submit">Add</button>
    </form>
  </section>`;
}

type Credential = ReturnType<View['c']['credentials']['list']>['credentials'][number];

function credentialsScreen(v: View, credentials: Credential[], created: { key: string; credential: Credential } | null): SafeHtml {
  const grantable = ROLES.filter((r) => roleAtLeast(v.brain.role, r));
  const active = credentials.filter((c) => !c.revokedAt);
  const revoked = credentials.filter((c) => c.revokedAt);
  return html`${created
      ? html`<section class="secret" role="status" aria-labelledby="new-key-h">
          <h2 id="new-key-h">New ${created.credential.role} credential “${created.credential.label}”</h2>
          <p><strong>Copy this key now. It is shown only once</strong>; Brainkeep keeps only a hash of it.</p>
          <p class="row"><code id="new-key">${created.key}</code> <button type="button" class="secondary" data-copy="new-key" hidden>Copy</button></p>
          <p class="small">Use it as <code>Authorization: Bearer …</code> on <code>/api/v1</code>, on <code>/mcp</code>, or as the password for <code>git clone</code>.</p>
        </section>`
      : ''}
    <section class="panel">
      <h1>Service credentials</h1>
      <p class="muted small">A credential is pinned to this brain and one role. Revoking stops it at once.</p>
      ${active.length
        ? html`<table class="data">
            <thead><tr><th scope="col">Label</th><th scope="col">Role</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Revoke</span></th></tr></thead>
            <tbody>${active.map(
              (c) => html`<tr>
                <td>${c.label}</td><td>${c.role}</td><td class="mono small">${c.hint}</td><td class="small">${when(c.createdAt)}</td><td class="small">${c.lastUsedAt ? when(c.lastUsedAt) : 'never'}</td>
                <td><form method="post" action="${brainUrl(v.brain, `/settings/credentials/${encodeURIComponent(c.id)}/revoke`)}" data-confirm="Revoke “${c.label}”? Anything using it stops working.">${csrfField(v)}
                  <button type="submit" class="link">Revoke</button></form></td>
              </tr>`,
            )}</tbody></table>`
        : html`<p class="muted">No active credentials.</p>`}
      ${revoked.length ? html`<details><summary>${revoked.length} revoked</summary><ul>${revoked.map((c) => html`<li>${c.label} (${c.role}, ${c.hint}) revoked ${when(c.revokedAt)}</li>`)}</ul></details>` : ''}
    </section>
    <section class="panel">
      <h2>Create a credential</h2>
      <form method="post" action="${brainUrl(v.brain, '/settings/credentials')}" class="row">${csrfField(v)}
        <div><label for="c-label">Label</label><input type="text" id="c-label" name="label" required ${limitsOf(createCredentialBody, 'label')} placeholder="What uses it, e.g. meeting-notes bot"></div>
        <div><label for="c-role">Role</label><select id="c-role" name="role">${grantable.map((r) => html`<option value="${r}" ${r === 'Write' ? html`selected` : ''}>${r}</option>`)}</select></div>
        <button type="submit">Create</button>
      </form>
    </section>`;
}

function schemaScreen(v: View, schemaText: string, instructions: string, error: { which: string; text: string } | null): SafeHtml {
  const admin = roleAtLeast(v.brain.role, 'Admin');
  const saved = typeof v.req.query.saved === 'string' ? v.req.query.saved : '';
  const block = (which: 'schema' | 'instructions', title: string, text: string, hint: string) => html`<section class="panel">
    <h2 id="${which}-h">${title}</h2>
    ${saved === which && !error ? html`<div class="flash ok" role="status">Saved.</div>` : ''}
    ${error?.which === which ? html`<div class="flash error" role="alert">${error.text}</div>` : ''}
    ${admin
      ? html`<form method="post" action="${brainUrl(v.brain, '/settings/schema')}" class="stack">${csrfField(v)}
          <input type="hidden" name="file" value="${which}">
          <label for="${which}-text" class="visually-hidden">${title}</label>
          <textarea id="${which}-text" name="content" class="code" aria-describedby="${which}-hint">${text}</textarea>
          <div id="${which}-hint" class="hint">${hint}</div>
          <button type="submit">Save ${which}</button>
        </form>`
      : html`<pre>${text}</pre>`}
  </section>`;
  return html`<h1>Schema and instructions</h1>
    ${block('schema', 'Schema (.brain/schema.json)', schemaText, 'Folders, entity types and the partition folder. Saved as a commit; an invalid schema is refused with the reason.')}
    ${block('instructions', 'Instructions (.brain/instructions.md)', instructions, 'Markdown that agents and the filer read before working in this brain.')}`;
}
