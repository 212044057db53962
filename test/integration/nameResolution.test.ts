// The resolution order (docs/pages.md, "How links resolve") as a table, over a vault in many
// scripts with every failure of issue 28 in miniature: the same answer from the link index
// (bulk import, page by page, git push, reindex), from graph/resolve and from the web app.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { markdownPageLinks } from '../../src/web/app/markdownView.js';
import Database from 'better-sqlite3';
import { appliedMigrations, migrate } from '../../src/storage/sqlite/database.js';
import { LinkGraphRepo } from '../../src/storage/sqlite/linkGraphRepo.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations/index.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { MARKDOWN_LINK_TABLE, RESOLUTION_TABLE, VAULT_PAGES, vaultWithLinks } from '../fixtures/multiScriptVault.js';

describe('names in every script: the resolution order', function () {
  this.timeout(120_000);
  let s: TestServer;
  const files = vaultWithLinks();
  const linking = [...new Set([...RESOLUTION_TABLE, ...MARKDOWN_LINK_TABLE].map(([from]) => from))];

  /** Every link of the linking pages: [from, target, to]. */
  const graphOf = (brainId: string) =>
    linking.flatMap((from) => s.c.linkGraph.outgoing(brainId, from).map((l) => [from, l.target, l.toPath] as const)).sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));

  const newBrain = async (slug: string) => (await s.c.brains.create(SYSTEM_ACTOR, { slug, name: slug }, { ownerUserId: s.c.identity.users()[0]!.id })).id;
  const asFiles = (pages: Record<string, string>) => Object.entries(pages).map(([path, md]) => ({ path, content: Buffer.from(md) }));

  before(async () => {
    s = await startTestServer();
  });
  after(async () => s.stop());

  let bulk: string;
  let bulkGraph: ReturnType<typeof graphOf>;

  it('a bulk import links every table row where the order says', async () => {
    bulk = await newBrain('bulk');
    await s.c.pages.importPages(SYSTEM_ACTOR, bulk, asFiles(files));
    bulkGraph = graphOf(bulk);
    const wrong: string[] = [];
    for (const [from, target, expected] of RESOLUTION_TABLE) {
      const got = s.c.linkGraph.outgoing(bulk, from).find((l) => l.target === target);
      assert.ok(got, `${from} has its link to ${target}`);
      if (got.toPath !== expected) wrong.push(`[[${target}]] from ${from}: ${got.toPath} (expected ${expected})`);
    }
    for (const [from, href, expected] of MARKDOWN_LINK_TABLE) {
      const got = s.c.linkGraph.outgoing(bulk, from).find((l) => l.kind === 'markdown' && l.target === href);
      assert.ok(got, `${from} has its markdown link to ${href}`);
      if (got.toPath !== expected) wrong.push(`(${href}) from ${from}: ${got.toPath} (expected ${expected})`);
    }
    assert.deepEqual(wrong, []);
  });

  it('graph/resolve (with the linking page) and the web app agree with the index', async () => {
    const token = s.credential('Read', 'bulk');
    for (const from of linking) {
      const rows = RESOLUTION_TABLE.filter(([f]) => f === from);
      const r = await s.request('POST', '/api/v1/brains/bulk/graph/resolve', { token, body: { refs: rows.map(([, t]) => t), from } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.results.map((x: { path: string | null }) => x.path),
        rows.map(([, , expected]) => expected),
        `from ${from}`,
      );
    }
    // A ref given as a wiki link, with a heading, block reference and label, resolves like its name.
    assert.equal(s.c.graph.resolveOne(bulk, '[[Themes#Intro|the themes]]'), 'topics/Themes.md');
    assert.equal(s.c.graph.resolveOne(bulk, 'Projects/Alpha#^block'), 'work/Projects/Alpha.md');
    // The web app looks a page's markdown links up by the index's own key (graph.linkTargets).
    for (const from of linking) {
      const rows = MARKDOWN_LINK_TABLE.filter(([f]) => f === from);
      const hrefs = markdownPageLinks(files[from]!, from);
      const got = s.c.graph.linkTargets(SYSTEM_ACTOR, bulk, hrefs, from).map((r, i) => [hrefs[i]!.target, r.path]);
      assert.deepEqual(got, rows.map(([, href, expected]) => [href, expected]), `markdown links from ${from}`);
    }
  });

  it('the web app reads a markdown href as a file name, as the index does: `#` and `|` in it are no wiki syntax', async () => {
    const brain = await newBrain('hrefs');
    const from = 'notes/today.md';
    const markdown = '# Today\n\n[c#](C%23%20notes.md) [pipe](a%7Cb.md) [head](C%23%20notes.md#Part)\n';
    await s.c.pages.importPages(SYSTEM_ACTOR, brain, asFiles({ 'C.md': '# C\n', 'a.md': '# a\n', 'notes/C# notes.md': '# C# notes\n', 'notes/a|b.md': '# a|b\n', [from]: markdown }));
    const indexed = s.c.linkGraph.outgoing(brain, from).map((l) => [l.target, l.toPath]);
    assert.deepEqual(indexed, [['C%23%20notes.md', 'notes/C# notes.md'], ['a%7Cb.md', 'notes/a|b.md'], ['C%23%20notes.md#Part', 'notes/C# notes.md']]);
    const hrefs = markdownPageLinks(markdown, from);
    assert.deepEqual(s.c.graph.linkTargets(SYSTEM_ACTOR, brain, hrefs, from).map((r, i) => [hrefs[i]!.target, r.path]), indexed);
  });

  it('near misses are scored across scripts and never 1 for a path that does not exist', async () => {
    const token = s.credential('Read', 'bulk', 'near');
    const r = await s.request('POST', '/api/v1/brains/bulk/graph/resolve', { token, body: { refs: ['Москв', 'Missing/Alpha', '北京市'] } });
    const [ru, path, zh] = r.body.results as Array<{ path: null; nearMisses: Array<{ path: string; score: number }> }>;
    assert.equal(ru!.nearMisses[0]!.path, 'ru/Москва.md');
    assert.ok(path!.nearMisses.every((m) => m.score < 1));
    assert.ok(path!.nearMisses.some((m) => m.path.endsWith('Alpha.md')));
    assert.equal(zh!.nearMisses[0]!.path, 'zh/北京.md');
  });

  it('page by page (links written before their targets) gives the same graph', async () => {
    const live = await newBrain('live');
    for (const from of linking) await s.c.pages.put(SYSTEM_ACTOR, live, { path: from, markdown: files[from] });
    for (const [path, markdown] of Object.entries(VAULT_PAGES)) await s.c.pages.put(SYSTEM_ACTOR, live, { path, markdown });
    assert.deepEqual(graphOf(live), bulkGraph);
  });

  it('a reindex gives the same graph', async () => {
    await s.c.writes.rebuild(bulk);
    assert.deepEqual(graphOf(bulk), bulkGraph);
  });

  it('a git push of the vault gives the same graph', async () => {
    const pushed = await newBrain('pushed');
    const git = new GitClient();
    try {
      const token = s.credential('Write', 'pushed');
      const dir = await git.clone(gitUrl(s.url, 'pushed', token), 'pushed');
      await git.commit(dir, files, 'My vault');
      await git.ok(['push', '--quiet', 'origin', 'main'], dir);
      assert.deepEqual(graphOf(pushed), bulkGraph);
    } finally {
      git.cleanup();
    }
  });

  it('the migrations re-key an index written with the old ASCII keys and old link rows to the same graph', () => {
    // A database as it was before migration 010: links as text rows (paths, old keys, copied lines),
    // no names. Migrations 010 (keys in every script) and 021 (links in integers) bring it here.
    const old = new Database(':memory:');
    try {
      old.pragma('foreign_keys = OFF');
      appliedMigrations(old);
      for (const m of MIGRATIONS.filter((x) => x.version < 10)) {
        m.up(old);
        old.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, '')").run(m.version, m.name);
      }
      const copy = (table: string, rows: Array<Record<string, unknown>>) => {
        for (const r of rows) old.prepare(`INSERT INTO ${table} (${Object.keys(r).join(', ')}) VALUES (${Object.keys(r).map(() => '?').join(', ')})`).run(...Object.values(r));
      };
      const brainRow = s.c.db.prepare('SELECT * FROM brains WHERE id = ?').get(bulk) as Record<string, unknown>;
      copy('brains', [Object.fromEntries(Object.entries(brainRow).filter(([k]) => (old.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get('brains', k))))]);
      // (Columns added by later migrations, such as 031's derivation, are left out.)
      const oldColumns = new Set(old.prepare("SELECT name FROM pragma_table_info('pages')").pluck().all() as string[]);
      // The markdown as text, as the schema before 032 held it.
      copy('pages', (s.c.db.prepare('SELECT *, page_text(markdown) AS markdown FROM pages WHERE brain_id = ?').all(bulk) as Array<Record<string, unknown>>).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => oldColumns.has(k)))));
      copy(
        'search_links',
        s.c.db
          .prepare(
            `SELECT t.brain_id, l.from_page_id, f.path AS from_path, t.target, 'name:' || lower(t.target) AS target_key, NULL AS to_path, l.kind, l.heading, l.line,
               'old copy of the line' AS context, l.type
             FROM search_link_targets t JOIN search_links l ON l.target_id = t.id JOIN pages f ON f.id = l.from_page_id
             WHERE t.brain_id = ? ORDER BY l.from_page_id, l.ordinal`,
          )
          .all(bulk) as Array<Record<string, unknown>>,
      );
      assert.deepEqual(migrate(old).filter((v) => v === 10 || v === 21), [10, 21]);
      const graph = new LinkGraphRepo(old);
      const migrated = linking.flatMap((from) => graph.outgoing(bulk, from).map((l) => [from, l.target, l.toPath] as const)).sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
      assert.deepEqual(migrated, bulkGraph);
    } finally {
      old.close();
    }
  });

  it('a page going away sends its links to the next page in the order', async () => {
    const token = s.credential('Write', 'bulk', 'w');
    const del = await s.request('DELETE', `/api/v1/brains/bulk/pages?path=${encodeURIComponent('topics/Themes.md')}`, { token });
    assert.equal(del.status, 204, del.text);
    assert.equal(s.c.linkGraph.outgoing(bulk, 'index.md').find((l) => l.target === 'Themes')!.toPath, 'a/Thèmes.md');
  });
});
