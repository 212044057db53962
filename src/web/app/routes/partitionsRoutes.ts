// Settings → partitions: create, edit, import a CSV, archive, restore, purge (Owner; typed
// confirmation here, and the service still insists on an archived partition and the purge flag).
import { Router } from 'express';
import { BadRequestError } from '../../../domain/errors.js';
import { roleAtLeast } from '../../../domain/roles.js';
import { field, listField, type View, type WebApp } from '../context.js';
import { partitionRowsFromCsv } from '../csv.js';
import { html, type SafeHtml } from '../html.js';
import { limitsOf } from '../formLimits.js';
import { createPartitionBody, updatePartitionBody } from '../../../domain/schemas/partitions.js';
import { brainUrl } from '../layout.js';
import { csrfField, settingsPage, when } from '../settingsNav.js';

type Partition = ReturnType<View['c']['partitions']['list']>['partitions'][number];

export function partitionsRoutes(app: WebApp): Router {
  const r = Router();
  const listUrl = (v: View) => brainUrl(v.brain, '/settings/partitions');
  const key = (v: View) => String(v.req.params.key);

  r.get(
    '/b/:brain/settings/partitions',
    app.brainPage((v) => {
      const { partitions } = v.c.partitions.list(v.actor, v.brain.id, { status: 'all' });
      app.render(v, { title: 'Partitions', section: 'settings', body: settingsPage(v, 'partitions', screen(v, partitions)) });
    }),
  );
  r.post(
    '/b/:brain/settings/partitions',
    app.brainAction(async (v) => {
      const p = await v.c.partitions.create(v.actor, v.brain.id, {
        name: field(v.req.body, 'name').trim(),
        ...(field(v.req.body, 'key').trim() ? { key: field(v.req.body, 'key').trim() } : {}),
        domains: listField(v.req.body, 'domains'),
        aliases: listField(v.req.body, 'aliases'),
        ...(field(v.req.body, 'externalRef').trim() ? { externalRef: field(v.req.body, 'externalRef').trim() } : {}),
      });
      return { to: listUrl(v), ok: `Partition ${p.name} (${p.key}) created with its folder ${p.folder}/.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/partitions/import',
    app.brainAction(async (v) => {
      let rows;
      try {
        rows = partitionRowsFromCsv(field(v.req.body, 'csv'));
      } catch (e) {
        throw new BadRequestError((e as Error).message, 'invalid_csv');
      }
      if (!rows.length) throw new BadRequestError('The CSV has no rows under its header.', 'invalid_csv');
      const out = await v.c.partitions.import(v.actor, v.brain.id, rows);
      const skipped = out.skipped.map((s) => `${s.key ?? '?'} (${s.reason})`).join(', ');
      return { to: listUrl(v), ok: `Imported ${out.created.length} partition(s)${skipped ? `; skipped ${skipped}` : ''}.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/partitions/:key/edit',
    app.brainAction(async (v) => {
      const p = await v.c.partitions.update(v.actor, v.brain.id, key(v), {
        name: field(v.req.body, 'name').trim(),
        domains: listField(v.req.body, 'domains'),
        aliases: listField(v.req.body, 'aliases'),
        externalRef: field(v.req.body, 'externalRef').trim() || null,
      });
      return { to: listUrl(v), ok: `Partition ${p.key} saved.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/partitions/:key/archive',
    app.brainAction((v) => {
      const p = v.c.partitions.archive(v.actor, v.brain.id, key(v));
      return { to: listUrl(v), ok: `Partition ${p.key} archived; its pages leave search results unless archived ones are included.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/partitions/:key/restore',
    app.brainAction((v) => {
      const p = v.c.partitions.restore(v.actor, v.brain.id, key(v));
      return { to: listUrl(v), ok: `Partition ${p.key} restored.` };
    }, listUrl),
  );
  r.post(
    '/b/:brain/settings/partitions/:key/purge',
    app.brainAction(async (v) => {
      if (field(v.req.body, 'confirm') !== key(v)) {
        throw new BadRequestError(`Type the key “${key(v)}” exactly to confirm the purge.`, 'purge_not_confirmed');
      }
      const out = await v.c.partitions.purge(v.actor, v.brain.id, key(v), { purge: true });
      return { to: listUrl(v), ok: `Partition ${key(v)} purged: ${out.pagesRemoved} file(s) and ${out.itemsRemoved} inbox item(s) removed.` };
    }, listUrl),
  );
  return r;
}

function screen(v: View, partitions: Partition[]): SafeHtml {
  const owner = roleAtLeast(v.brain.role, 'Owner');
  const action = (p: Partition, name: string) => brainUrl(v.brain, `/settings/partitions/${encodeURIComponent(p.key)}/${name}`);
  return html`<section class="panel">
    <h1>Partitions</h1>
    <p class="muted small">A partition is a client, site or matter. Each has a folder; inbox items from its sender domains are assigned to it.</p>
    ${partitions.length
      ? html`<table class="data">
          <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Domains</th><th scope="col">Folder</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
          <tbody>${partitions.map(
            (p) => html`<tr>
              <td>${p.name}${p.aliases.length ? html`<div class="muted small">also ${p.aliases.join(', ')}</div>` : ''}</td>
              <td class="mono">${p.key}</td>
              <td class="small">${p.domains.join(', ') || '—'}</td>
              <td class="mono small">${p.folder}/</td>
              <td>${p.archived ? html`<span class="badge">archived ${when(p.archivedAt)}</span>` : html`<span class="badge s2">active</span>`}</td>
              <td class="stack">
                <details><summary>Edit</summary>
                  <form method="post" action="${action(p, 'edit')}" class="stack">${csrfField(v)}
                    <div><label for="pe-name-${p.key}">Name</label><input type="text" id="pe-name-${p.key}" name="name" value="${p.name}" required ${limitsOf(updatePartitionBody, 'name')}></div>
                    <div><label for="pe-dom-${p.key}">Domains</label><input type="text" id="pe-dom-${p.key}" name="domains" value="${p.domains.join(', ')}"></div>
                    <div><label for="pe-al-${p.key}">Aliases</label><input type="text" id="pe-al-${p.key}" name="aliases" value="${p.aliases.join(', ')}"></div>
                    <div><label for="pe-ext-${p.key}">External reference</label><input type="text" id="pe-ext-${p.key}" name="externalRef" value="${p.externalRef ?? ''}" ${limitsOf(updatePartitionBody, 'externalRef')}></div>
                    <button type="submit" class="secondary">Save</button>
                  </form></details>
                ${p.archived
                  ? html`<form method="post" action="${action(p, 'restore')}">${csrfField(v)}<button type="submit" class="secondary">Restore</button></form>
                      ${owner
                        ? html`<form method="post" action="${action(p, 'purge')}" class="stack">${csrfField(v)}
                            <label for="purge-${p.key}">Type <code>${p.key}</code> to purge its pages and inbox items for good</label>
                            <input type="text" id="purge-${p.key}" name="confirm" autocomplete="off" data-must-equal="${p.key}">
                            <button type="submit" class="danger">Purge</button>
                          </form>`
                        : ''}`
                  : html`<form method="post" action="${action(p, 'archive')}">${csrfField(v)}<button type="submit" class="secondary">Archive</button></form>`}
              </td>
            </tr>`,
          )}</tbody></table>`
      : html`<p class="muted">No partitions yet.</p>`}
  </section>
  <section class="panel">
    <h2>Create a partition</h2>
    <form method="post" action="${brainUrl(v.brain, '/settings/partitions')}" class="stack">${csrfField(v)}
      <div class="row">
        <div><label for="pc-name">Name</label><input type="text" id="pc-name" name="name" required ${limitsOf(createPartitionBody, 'name')}></div>
        <div><label for="pc-key">Key <span class="muted small">(optional; made from the name)</span></label><input type="text" id="pc-key" name="key" pattern="[a-z0-9\\-]+" ${limitsOf(createPartitionBody, 'key')}></div>
      </div>
      <div class="row">
        <div><label for="pc-dom">Sender domains</label><input type="text" id="pc-dom" name="domains" placeholder="acme.com, acme.co.uk"></div>
        <div><label for="pc-al">Aliases</label><input type="text" id="pc-al" name="aliases" placeholder="ACME, Acme Corp"></div>
        <div><label for="pc-ext">External reference</label><input type="text" id="pc-ext" name="externalRef" ${limitsOf(createPartitionBody, 'externalRef')}></div>
      </div>
      <button type="submit">Create</button>
    </form>
  </section>
  <section class="panel">
    <h2>Import from CSV</h2>
    <form method="post" action="${brainUrl(v.brain, '/settings/partitions/import')}" class="stack">${csrfField(v)}
      <label for="pc-csv">CSV with a header row</label>
      <textarea id="pc-csv" name="csv" class="code short" aria-describedby="pc-csv-hint" placeholder="name,key,domains,aliases,externalRef&#10;Acme,acme,acme.com;acme.co.uk,ACME,CRM-42"></textarea>
      <div id="pc-csv-hint" class="hint">Columns: name (needed), key, domains, aliases, externalRef. Separate several domains or aliases with <code>;</code>. Keys already in use are skipped and listed.</div>
      <button type="submit" class="secondary">Import</button>
    </form>
  </section>`;
}
