// What a search request reuses from the ones before it, and when it must not: credentials found
// by hash (a revocation, here or by another connection such as the operator CLI, refuses the very
// next request), query vectors (a relearned vocabulary is used at once), and the chunk text cut
// again for snippets (the same text the index was built from, without reading the summary), and
// the hits' page rows (read again after any change of the index, here or by another connection).
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { chunkPage } from '../../src/domain/chunking.js';
import { parsePage } from '../../src/domain/markdown.js';
import { chunkTexts } from '../../src/domain/pageDerivation.js';
import { databaseFile } from '../../src/storage/sqlite/database.js';
import { EmbeddingRepo } from '../../src/storage/sqlite/embeddingRepo.js';
import { registry } from '../../src/metrics.js';
import type { EmbeddingProvider } from '../../src/infra/embeddings/provider.js';

describe('search plumbing: what is kept between requests', function () {
  this.timeout(60_000);
  let s: TestServer;

  before(async () => {
    s = await startTestServer();
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/espresso.md', markdown: '# Espresso\n\nGrinding coffee beans finely for a strong espresso shot.\n' });
    await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/sailing.md', markdown: '# Sailing\n\nBoats, wind and the open sea on a long voyage.\n' });
    await s.c.embeddings.drain();
  });
  after(() => s.stop());

  const search = (token: string, q = 'espresso') => s.request('GET', `/api/v1/brains/main/search?mode=exact&q=${encodeURIComponent(q)}`, { token });

  describe('credentials', () => {
    it('a credential revoked through the service is refused on the next request', async () => {
      const key = s.credential('Read', 'main', 'revoke-here');
      for (let i = 0; i < 3; i++) assert.equal((await search(key)).status, 200);
      const cred = s.c.identity.listCredentials(s.mainBrainId).find((c) => c.label === 'revoke-here')!;
      s.c.identity.revokeCredential(s.mainBrainId, cred.id, SYSTEM_ACTOR);
      const r = await search(key);
      assert.equal(r.status, 401);
      assert.equal(r.body.code, 'invalid_token');
    });

    it('a credential revoked by another connection (the operator CLI) is refused on the next request', async () => {
      const key = s.credential('Read', 'main', 'revoke-elsewhere');
      for (let i = 0; i < 3; i++) assert.equal((await search(key)).status, 200);
      const other = new Database(databaseFile(s.dataDir));
      try {
        other.prepare("UPDATE credentials SET revoked_at = ? WHERE label = 'revoke-elsewhere'").run(new Date().toISOString());
      } finally {
        other.close();
      }
      assert.equal((await search(key)).status, 401);
    });

    it("a deleted brain's credentials stop working with it", async () => {
      const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'short-lived' });
      const key = s.credential('Read', 'short-lived', 'gone-with-brain');
      assert.equal((await s.request('GET', '/api/v1/brains/short-lived/search?q=anything', { token: key })).status, 200);
      s.c.brainsRepo.delete(brain.id);
      assert.equal((await s.request('GET', '/api/v1/brains/short-lived/search?q=anything', { token: key })).status, 401);
    });

    it('an unknown token is refused every time, and a credential created after it works at once', async () => {
      assert.equal((await search('ck_unknown0000000000000000000000000000000000')).status, 401);
      const key = s.credential('Read', 'main', 'fresh');
      assert.equal((await search(key)).status, 200);
    });
  });

  describe('the operation a path is for, found once', () => {
    it('a repeated path is still checked for each caller: the match is kept, never the decision', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'elsewhere' });
      const own = s.credential('Read', 'main', 'own');
      const other = s.credential('Read', 'elsewhere', 'other');
      for (let i = 0; i < 2; i++) {
        assert.equal((await search(own)).status, 200);
        const pinned = await search(other);
        assert.equal(pinned.status, 404);
        assert.equal(pinned.body.code, 'brain_not_found');
        const anonymous = await s.request('GET', '/api/v1/brains/main/search?mode=exact&q=espresso');
        assert.equal(anonymous.status, 401, 'an anonymous caller of a private brain is asked to sign in');
      }
    });

    it('metrics label a repeated path by its template, each path by its own', async () => {
      const token = s.credential('Read');
      for (let i = 0; i < 2; i++) {
        await search(token);
        await s.request('GET', '/api/v1/brains/main/search/status', { token });
      }
      const metrics = await registry.metrics();
      assert.match(metrics, /route="\/api\/v1\/brains\/:brainId\/search",status="200"\} [1-9]/);
      assert.match(metrics, /route="\/api\/v1\/brains\/:brainId\/search\/status",status="200"\} [1-9]/);
    });
  });

  describe('query vectors', () => {
    it('a repeated query is embedded once; a relearned vocabulary embeds it again; no caller shares the kept vector', async () => {
      const brain = s.c.brainsRepo.byId(s.mainBrainId)!;
      const provider = s.c.embeddings.providerFor(brain) as EmbeddingProvider;
      const embed = provider.embed.bind(provider);
      const asked: string[][] = [];
      provider.embed = (texts, opts) => {
        asked.push(texts);
        return embed(texts, opts);
      };
      try {
        const a = await s.c.embeddings.embedQuery(brain, 'strong coffee grounds');
        const b = await s.c.embeddings.embedQuery(brain, 'strong coffee grounds');
        assert.ok(a && b);
        assert.deepEqual(asked, [['strong coffee grounds']]);
        assert.deepEqual([...a.vector], [...b.vector]);
        a.vector.fill(0);
        const c = await s.c.embeddings.embedQuery(brain, 'strong coffee grounds');
        assert.deepEqual([...c!.vector], [...b.vector], 'changing a returned vector changes no later answer');
        await s.c.embeddings.embedQuery(brain, 'open sea voyage');
        assert.equal(asked.length, 2);

        // A new version of the brain's learned vocabulary (as a relearn stores it): asked again.
        const repo = new EmbeddingRepo(s.c.db);
        const dims = brain.embeddingDimensions;
        const had = repo.loadTerms(brain.id, dims);
        const terms = had.terms.map((term, i) => ({ term, occurrences: 1, vector: had.vectors.slice(i * dims, (i + 1) * dims) }));
        repo.replaceTerms(brain.id, repo.termsState(brain.id)?.model ?? s.c.embeddings.settingsOf(brain).modelKey, terms, 'test', [], new Date().toISOString());
        await s.c.embeddings.embedQuery(brain, 'strong coffee grounds');
        assert.equal(asked.length, 3);
        await s.c.embeddings.embedQuery(brain, 'strong coffee grounds');
        assert.equal(asked.length, 3);
      } finally {
        provider.embed = embed;
      }
    });

    it("a brain's new vocabulary drops its own kept vectors only: another brain's stay", async () => {
      const owner = s.c.identity.users()[0]!;
      await s.c.brains.create(s.c.identity.userActor(owner, 'session'), { slug: 'second', name: 'Second' });
      const other = s.c.access.findBrain('second')!;
      await s.c.pages.put(SYSTEM_ACTOR, 'second', { path: 'notes/tea.md', markdown: '# Tea\n\nBrewing green tea leaves slowly for a gentle cup.\n' });
      await s.c.embeddings.drain();
      const main = s.c.brainsRepo.byId(s.mainBrainId)!;
      const second = s.c.brainsRepo.byId(other.id)!;
      const provider = s.c.embeddings.providerFor(second) as EmbeddingProvider;
      assert.equal(provider, s.c.embeddings.providerFor(main), 'one model serves both brains');
      const embed = provider.embed.bind(provider);
      const asked: string[] = [];
      provider.embed = (texts, opts) => {
        asked.push(`${opts?.brainId === second.id ? 'second' : 'main'}: ${texts.join()}`);
        return embed(texts, opts);
      };
      try {
        assert.ok(await s.c.embeddings.embedQuery(second, 'green tea leaves'));
        assert.ok(await s.c.embeddings.embedQuery(main, 'green tea leaves'));
        assert.deepEqual(asked, ['second: green tea leaves', 'main: green tea leaves']);

        // The main brain's vocabulary changes (as a relearn stores it): its vector is asked again, the second brain's is not.
        const repo = new EmbeddingRepo(s.c.db);
        const dims = main.embeddingDimensions;
        const had = repo.loadTerms(main.id, dims);
        const terms = had.terms.map((term, i) => ({ term, occurrences: 1, vector: had.vectors.slice(i * dims, (i + 1) * dims) }));
        repo.replaceTerms(main.id, repo.termsState(main.id)?.model ?? s.c.embeddings.settingsOf(main).modelKey, terms, 'test-2', [], new Date().toISOString());
        assert.ok(await s.c.embeddings.embedQuery(main, 'green tea leaves'));
        assert.equal(asked.length, 3);
        assert.ok(await s.c.embeddings.embedQuery(second, 'green tea leaves'));
        assert.deepEqual(asked, ['second: green tea leaves', 'main: green tea leaves', 'main: green tea leaves'], "the second brain's kept vector survived");
      } finally {
        provider.embed = embed;
      }
    });

    it('hybrid answers are the same with the vector kept as with it computed', async () => {
      const first = await s.request('GET', '/api/v1/brains/main/search?q=coffee%20beans', { token: s.credential('Read') });
      const again = await s.request('GET', '/api/v1/brains/main/search?q=coffee%20beans', { token: s.credential('Read') });
      assert.equal(first.status, 200);
      assert.deepEqual(again.body, first.body);
      assert.equal(first.body.hits[0].path, 'notes/espresso.md');
    });
  });

  describe("words' chunk counts (rarity) kept between questions", () => {
    it('counts again after a page is written here', async () => {
      assert.equal(s.c.searchIndex.termDocs(['quokka']).docs.get('quokka'), 0);
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/quokka.md', markdown: '# Quokka\n\nA small marsupial.\n' });
      assert.equal(s.c.searchIndex.termDocs(['quokka']).docs.get('quokka'), 1);
      await s.c.pages.delete(SYSTEM_ACTOR, 'main', 'notes/quokka.md');
      assert.equal(s.c.searchIndex.termDocs(['quokka']).docs.get('quokka'), 0);
    });

    it('counts again after another connection changes the index', () => {
      assert.equal(s.c.searchIndex.termDocs(['zebrafinch']).docs.get('zebrafinch'), 0);
      const other = new Database(databaseFile(s.dataDir));
      const row = [987654321, '', '', 'zebrafinch', ''];
      try {
        other.prepare('INSERT INTO search_fts (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)').run(...row);
        assert.equal(s.c.searchIndex.termDocs(['zebrafinch']).docs.get('zebrafinch'), 1);
        other.prepare("INSERT INTO search_fts (search_fts, rowid, title, heading, body, meta) VALUES ('delete', ?, ?, ?, ?, ?)").run(...row);
        assert.equal(s.c.searchIndex.termDocs(['zebrafinch']).docs.get('zebrafinch'), 0);
      } finally {
        other.close();
      }
    });
  });

  describe("hits' page rows kept between questions", () => {
    const unfiltered = { folder: null, partition: null, includeArchived: false };
    const hitOf = (q: string, path: string) => s.c.searchIndex.matchPages(s.mainBrainId, 'exact', `"${q}"`, unfiltered, 8).find((h) => h.path === path);

    it("an edited page's row is read again at once, its chunk kept as it was", async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-row.md', markdown: '---\nsummary: First summary.\n---\n# Kept row\n\nA wombat burrows.\n' });
      const before = hitOf('wombat', 'notes/kept-row.md');
      for (let i = 0; i < 2; i++) assert.equal(hitOf('wombat', 'notes/kept-row.md')?.summary, 'First summary.');
      // The summary is not part of the chunk's text: the chunk row (and its id) stays, the page row changes.
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-row.md', markdown: '---\nsummary: Second summary.\n---\n# Kept row\n\nA wombat burrows.\n' });
      const after = hitOf('wombat', 'notes/kept-row.md');
      assert.equal(after?.chunkId, before?.chunkId);
      assert.equal(after?.summary, 'Second summary.');
      assert.notEqual(after?.blob, before?.blob);
    });

    it('a page row changed by another connection is read again at once', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-other.md', markdown: '# Kept other\n\nA numbat forages.\n' });
      for (let i = 0; i < 2; i++) assert.equal(hitOf('numbat', 'notes/kept-other.md')?.title, 'Kept other');
      const other = new Database(databaseFile(s.dataDir));
      try {
        other.prepare("UPDATE pages SET title = 'Changed elsewhere' WHERE path = 'notes/kept-other.md'").run();
      } finally {
        other.close();
      }
      assert.equal(hitOf('numbat', 'notes/kept-other.md')?.title, 'Changed elsewhere');
    });

    it('each call gets hits of its own: a score or text set on one is not seen by the next', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-fresh.md', markdown: '# Kept fresh\n\nA bilby digs.\n' });
      const first = hitOf('bilby', 'notes/kept-fresh.md')!;
      first.body = 'changed';
      first.title = 'changed';
      const second = hitOf('bilby', 'notes/kept-fresh.md')!;
      assert.notEqual(second, first);
      assert.equal(second.title, 'Kept fresh');
      assert.equal(second.body, undefined);
    });

    type Kept = Map<string, { rows: Map<number, unknown>; chars: number }>;
    const keptOf = (brainId: string) => (s.c.searchIndex as unknown as { hitRows: Kept }).hitRows.get(brainId);
    const pathsOf = (brainId: string, q: string, includeArchived = false) =>
      s.c.searchIndex
        .matchPages(brainId, 'exact', `"${q}"`, { ...unfiltered, includeArchived }, 8)
        .map((h) => h.path)
        .sort();

    it('a page deleted here is gone from the next unfiltered lookup', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-gone.md', markdown: '# Kept gone\n\nA dingo howls.\n' });
      for (let i = 0; i < 2; i++) assert.deepEqual(pathsOf(s.mainBrainId, 'dingo'), ['notes/kept-gone.md']);
      await s.c.pages.delete(SYSTEM_ACTOR, 'main', 'notes/kept-gone.md');
      assert.deepEqual(pathsOf(s.mainBrainId, 'dingo'), []);
    });

    it('a page moved here is found at its new path by the next unfiltered lookup', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-move.md', markdown: '# Kept move\n\nAn echidna sniffs.\n' });
      for (let i = 0; i < 2; i++) assert.deepEqual(pathsOf(s.mainBrainId, 'echidna'), ['notes/kept-move.md']);
      await s.c.pages.move(SYSTEM_ACTOR, 'main', { fromPath: 'notes/kept-move.md', toPath: 'elsewhere/kept-moved.md' });
      const hits = s.c.searchIndex.matchPages(s.mainBrainId, 'exact', '"echidna"', unfiltered, 8);
      assert.deepEqual(hits.map((h) => [h.path, h.folder]), [['elsewhere/kept-moved.md', 'elsewhere']]);
    });

    it('rows kept by an includeArchived lookup never show archived pages to a default one, through archive and restore', async () => {
      const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'kept-agency', templateKey: 'agency' });
      await s.c.partitions.create(SYSTEM_ACTOR, 'kept-agency', { name: 'Acme', key: 'acme' });
      await s.c.pages.put(SYSTEM_ACTOR, 'kept-agency', { path: 'clients/acme/platypus.md', markdown: '# Acme platypus\n\nA platypus swims.\n' });
      await s.c.pages.put(SYSTEM_ACTOR, 'kept-agency', { path: 'notes/platypus.md', markdown: '# Our platypus\n\nA platypus dives.\n' });
      const both = ['clients/acme/platypus.md', 'notes/platypus.md'];
      for (let i = 0; i < 2; i++) assert.deepEqual(pathsOf(brain.id, 'platypus', true), both);
      assert.ok(keptOf(brain.id)?.rows.size, 'the includeArchived lookup kept its rows');
      s.c.partitions.archive(SYSTEM_ACTOR, 'kept-agency', 'acme');
      assert.deepEqual(pathsOf(brain.id, 'platypus'), ['notes/platypus.md']);
      assert.deepEqual(pathsOf(brain.id, 'platypus', true), both);
      assert.deepEqual(pathsOf(brain.id, 'platypus'), ['notes/platypus.md']);
      s.c.partitions.restore(SYSTEM_ACTOR, 'kept-agency', 'acme');
      for (let i = 0; i < 2; i++) assert.deepEqual(pathsOf(brain.id, 'platypus'), both);
      s.c.partitions.archive(SYSTEM_ACTOR, 'kept-agency', 'acme');
      assert.deepEqual(pathsOf(brain.id, 'platypus'), ['notes/platypus.md']);
    });

    it("a brain's deleted row (pages and chunks gone by FK cascade) drops what was kept of it", async () => {
      const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'kept-short' });
      await s.c.pages.put(SYSTEM_ACTOR, 'kept-short', { path: 'notes/wallaby.md', markdown: '# Wallaby\n\nA wallaby hops.\n' });
      assert.deepEqual(pathsOf(brain.id, 'wallaby'), ['notes/wallaby.md']);
      assert.ok(keptOf(brain.id)?.rows.size);
      s.c.brainsRepo.delete(brain.id);
      assert.equal(keptOf(brain.id), undefined);
      assert.deepEqual(pathsOf(brain.id, 'wallaby'), []);
    });

    it('a call whose rows alone pass the bound keeps none of them (rows counted after adding, and characters)', async () => {
      const many = Array.from({ length: 25_000 }, (_, i) => ({ chunkId: 900_000_000 + i, distance: i }));
      assert.deepEqual(s.c.searchIndex.pagesForChunks(s.mainBrainId, many, unfiltered, 8), []);
      assert.ok((keptOf(s.mainBrainId)?.rows.size ?? 0) <= 20_000, `${keptOf(s.mainBrainId)?.rows.size} rows kept`);
      assert.ok(!keptOf(s.mainBrainId)?.rows.has(900_000_000));
      // One page whose summary alone passes the character bound.
      const summary = 's'.repeat(4_100_000);
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/kept-long.md', markdown: `---\nsummary: ${summary}\n---\n# Kept long\n\nA bandicoot digs.\n` });
      const hit = hitOf('bandicoot', 'notes/kept-long.md');
      assert.equal(hit?.summary.length, summary.length);
      assert.ok(!keptOf(s.mainBrainId)?.rows.has(hit!.chunkId!), 'the long row was not kept');
      assert.ok((keptOf(s.mainBrainId)?.chars ?? 0) <= 4_000_000);
      // An ordinary row is kept beside it.
      assert.ok(hitOf('wombat', 'notes/kept-row.md'));
      assert.ok(keptOf(s.mainBrainId)?.rows.has(hitOf('wombat', 'notes/kept-row.md')!.chunkId!));
      await s.c.pages.delete(SYSTEM_ACTOR, 'main', 'notes/kept-long.md');
    });

    it('a filtered lookup reads the rows under its filter, whatever is kept', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'elsewhere/kept-filter.md', markdown: '# Kept filter\n\nA quoll hunts.\n' });
      assert.ok(hitOf('quoll', 'elsewhere/kept-filter.md'));
      assert.deepEqual(s.c.searchIndex.matchPages(s.mainBrainId, 'exact', '"quoll"', { ...unfiltered, folder: 'notes' }, 8), []);
    });
  });

  describe('chunk text cut again for snippets', () => {
    const pages: Array<[string, string]> = [
      ['notes/plain.md', '# Plain\n\nOne paragraph.\n\n## Section\n\nAnother one.\n'],
      ['notes/titled.md', '---\ntitle: From the frontmatter\nsummary: Said here.\n---\n# From the frontmatter\n\nBody text.\n'],
      ['notes/other-h1.md', '---\ntitle: Named\n---\n# Not the title\n\nText under a heading that is a section.\n'],
      ['notes/broken.md', '---\ntitle: [unclosed\n---\n# Broken YAML\n\nThe block stays part of the body.\n'],
      ['notes/no-heading.md', 'Just words, no heading at all.\n\nA second paragraph.\n'],
      ['notes/empty.md', ''],
      ['notes/long.md', `# Long\n\n${Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ${'word '.repeat(60)}`).join('\n\n')}\n`],
    ];
    for (const [path, markdown] of pages) {
      it(`cuts ${path} as the index did`, () => {
        const parsed = parsePage(path, markdown);
        assert.deepEqual(chunkTexts(path, markdown), chunkPage(parsed.title, parsed.body).map((c) => c.text));
      });
    }

    it('the index cuts each of them, from its row, as the full parse does', async () => {
      for (const [path, markdown] of pages) await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: `cut/${path}`, markdown });
      const db = new Database(databaseFile(s.dataDir), { readonly: true });
      try {
        for (const [path, markdown] of pages) {
          const chunks = db.prepare('SELECT c.id FROM search_chunks c JOIN pages p ON p.id = c.page_id WHERE p.path = ? ORDER BY c.ordinal').pluck().all(`cut/${path}`) as number[];
          assert.ok(chunks.length > 0, path);
          const cut = s.c.searchIndex.chunkBodies(chunks);
          assert.deepEqual(chunks.map((id) => cut.get(id)), chunkTexts(`cut/${path}`, markdown), path);
        }
      } finally {
        db.close();
      }
    });
  });
  describe('the response written once', () => {
    it('a search answers its JSON with its type, charset and exact length; HEAD the same headers without a body', async () => {
      const key = s.credential('Read', 'main', 'headers');
      const url = `${s.url}/api/v1/brains/main/search?mode=exact&q=espresso`;
      const r = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
      const bytes = Buffer.from(await r.arrayBuffer());
      assert.equal(Number(r.headers.get('content-length')), bytes.length);
      const body = JSON.parse(bytes.toString('utf8')) as { hits: Array<{ path: string }> };
      assert.equal(body.hits[0]?.path, 'notes/espresso.md');
      assert.ok(r.headers.get('x-request-id'));
      const head = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${key}` } });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(Number(head.headers.get('content-length')), bytes.length);
      assert.equal((await head.arrayBuffer()).byteLength, 0);
    });

    it('a conditional search is answered as express answers it (If-None-Match: * is fresh: 304, no body)', async () => {
      const key = s.credential('Read', 'main', 'conditional');
      const r = await fetch(`${s.url}/api/v1/brains/main/search?mode=exact&q=espresso`, {
        // A Cache-Control of its own: fetch would add `no-cache`, which express reads as not fresh.
        headers: { authorization: `Bearer ${key}`, 'if-none-match': '*', 'cache-control': 'max-age=0' },
      });
      assert.equal(r.status, 304);
      assert.equal((await r.arrayBuffer()).byteLength, 0);
    });

    it('a non-ASCII answer is counted in bytes', async () => {
      await s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'notes/crème.md', markdown: '# Crème brûlée\n\nCaramélisée à la flamme, crème onctueuse.\n' });
      const key = s.credential('Read', 'main', 'utf8');
      const r = await fetch(`${s.url}/api/v1/brains/main/search?mode=exact&q=${encodeURIComponent('crème')}`, { headers: { authorization: `Bearer ${key}` } });
      const bytes = Buffer.from(await r.arrayBuffer());
      assert.equal(Number(r.headers.get('content-length')), bytes.length);
      assert.equal((JSON.parse(bytes.toString('utf8')) as { hits: Array<{ path: string }> }).hits[0]?.path, 'notes/crème.md');
    });
  });
});
