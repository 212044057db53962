// /docs: the API reference as one self-contained HTML page rendered on the server from the
// OpenAPI document (no script, no CDN, nothing fetched by the browser).
type Json = Record<string, any>;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const anchor = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${esc(label)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function resolveRef(doc: Json, value: Json): Json {
  const ref = value?.$ref as string | undefined;
  if (!ref) return value;
  return ref.replace(/^#\//, '').split('/').reduce((o: Json, k) => o?.[k], doc) ?? value;
}

function renderOperation(doc: Json, method: string, path: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const rows = params.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td><td>${esc(p.description)}</td></tr>`).join('');
  const body = op.requestBody
    ? `<h4>Request body</h4>${Object.entries(op.requestBody.content as Json).map(([type, c]) => schemaBlock(type, (c as Json).schema)).join('')}`
    : '';
  const responses = Object.entries(op.responses as Json)
    .map(([status, raw]) => {
      const r = resolveRef(doc, raw as Json);
      const content = Object.entries((r.content ?? {}) as Json).map(([type, c]) => schemaBlock(type, resolveRef(doc, (c as Json).schema))).join('');
      return `<li><b>${esc(status)}</b> ${esc(r.description)}${content}</li>`;
    })
    .join('');
  return `<section class="op" id="${anchor(`${method} ${path}`)}">
<h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p class="d">${esc(op.description)}</p>` : ''}
${(op.security as unknown[])?.length ? `<p class="d">Auth: ${esc((op.security as Json[]).map((s) => Object.keys(s).join('+')).join(' or '))}${op['x-brainkeep-access'] ? ` (${esc(op['x-brainkeep-access'])})` : ''}</p>` : ''}
${rows ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th></th></tr>${rows}</table>` : ''}
${body}<h4>Responses</h4><ul>${responses}</ul></section>`;
}

export function renderDocsPage(doc: Json): string {
  const byTag = new Map<string, Array<{ method: string; path: string; op: Json }>>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const tag = ((op as Json).tags?.[0] as string) ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op: op as Json });
    }
  }
  const order = ((doc.tags ?? []) as Json[]).map((t) => t.name as string);
  const tags = [...byTag.keys()].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  const toc = tags.map((t) => `<li><a href="#${anchor(t)}">${esc(t)}</a> (${byTag.get(t)!.length})</li>`).join('');
  const sections = tags
    .map((t) => `<h2 id="${anchor(t)}">${esc(t)}</h2>${byTag.get(t)!.map((o) => renderOperation(doc, o.method, o.path, o.op)).join('\n')}`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info?.title)} ${esc(doc.info?.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:0 auto;padding:1rem 1.5rem;color:#1d1d1f}
code,pre{font:13px ui-monospace,Menlo,monospace}pre{background:#f5f5f7;padding:.6rem;overflow:auto;border-radius:6px}
.op{border-top:1px solid #ddd;padding:.4rem 0}.d{color:#555}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:.1rem .3rem;background:#666}
.m-get{background:#2b7bb9}.m-post{background:#3c8d40}.m-put{background:#b9772b}.m-patch{background:#8a5cb8}.m-delete{background:#b93a2b}
</style></head><body>
<h1>${esc(doc.info?.title)} <small>${esc(doc.info?.version)}</small></h1>
<p>${esc(doc.info?.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
<ul>${toc}</ul>
${sections}
</body></html>
`;
}
