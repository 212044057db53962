// Search over HTTP on a small fixture brain written by the test: exact, semantic and hybrid
// modes, filters, archived partitions, roles, bad input, the embedding status, and the index
// following moves, edits and deletes.
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.js';
import { describeOnBothBackends } from '../helpers/serverBackends.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const FIXTURE: Record<string, string> = {
  'people/ada-lovelace.md': `---
aliases: [Countess of Lovelace]
email: ada@example.com
---
# Ada Lovelace

Ada Lovelace wrote the first published algorithm for the Analytical Engine designed by [[people/charles-babbage|Charles Babbage]].
Her notes on the engine were filed under reference INV-2024-001.

## Later life

She corresponded with [[Michael Faraday]] about science and poetry.
`,
  'people/charles-babbage.md': `# Charles Babbage

Mathematician and inventor who designed the Analytical Engine and the Difference Engine. See [Ada](ada-lovelace.md).
`,
  'notes/garage-visit.md': `# Garage visit

The mechanic replaced the brake pads and changed the engine oil on the automobile before the long drive.
`,
  'notes/quarterly-budget.md': `# Quarterly budget

Revenue forecast, operating costs and spending plans for the finance team next quarter.
`,
  'projects/mountain-trip.md': `# Mountain trip

We hiked the trail up the ridge and camped beside the lake in the pine forest for three nights.
`,
  'notes/reunion.md': `# Réunion au café

Notes from the réunion: the café served crème brûlée.
`,
  'notes/morning-routine.md': `# Morning routine

She runs along the river every morning before breakfast.
`,
};

describeOnBothBackends('search', (b) => {
  let s: TestServer;
  let read: string;
  let write: string;

  const search = async (query: Record<string, string>, token = read) => {
    const qs = new URLSearchParams(query).toString();
    return s.request('GET', `/api/v1/brains/main/search?${qs}`, { token });
  };
  const paths = (r: { body: { hits: Array<{ path: string }> } }) => r.body.hits.map((h) => h.path);

  before(async function () {
    this.timeout(120_000);
    s = await b.startServer();
    read = s.credential('Read');
    write = s.credential('Write');
    for (const [path, markdown] of Object.entries(FIXTURE)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  describe('exact mode', () => {
    it('finds pages with all the words first, then pages with some, and returns the CONTRACT hit shape', async () => {
      const r = await search({ q: 'analytical engine', mode: 'exact' });
      assert.equal(r.status, 200);
      assert.equal(r.body.mode, 'exact');
      assert.deepEqual(paths(r).slice(0, 2).sort(), ['people/ada-lovelace.md', 'people/charles-babbage.md']);
      assert.deepEqual(paths(r).slice(2), ['notes/garage-visit.md']); // "engine oil": one of the two words
      const hit = r.body.hits[0];
      assert.deepEqual(Object.keys(hit).sort(), ['folder', 'partition', 'path', 'score', 'snippet', 'title', 'why']);
      assert.deepEqual(hit.why, { matched: ['analytical', 'engine'], via: [] });
      assert.equal(hit.folder, 'people');
      assert.equal(hit.partition, null);
      assert.ok(hit.score > 0);
      assert.ok(r.body.hits[0].score >= r.body.hits[1].score);
    });

    it('weights titles above bodies', async () => {
      const r = await search({ q: 'Babbage', mode: 'exact' });
      assert.deepEqual(paths(r), ['people/charles-babbage.md', 'people/ada-lovelace.md']);
    });

    it('marks matched terms in the snippet', async () => {
      const r = await search({ q: 'brake pads', mode: 'exact' });
      assert.equal(r.body.hits[0].path, 'notes/garage-visit.md');
      assert.match(r.body.hits[0].snippet, /\*\*brake\*\* \*\*pads\*\*/);
    });

    it('matches phrases and prefixes', async () => {
      assert.deepEqual(paths(await search({ q: '"pine forest"', mode: 'exact' })), ['projects/mountain-trip.md']);
      assert.deepEqual(paths(await search({ q: '"forest pine"', mode: 'exact' })), []);
      assert.deepEqual(paths(await search({ q: 'mechan*', mode: 'exact' })), ['notes/garage-visit.md']);
    });

    it('matches identifiers and emails whole, not as loose words', async () => {
      assert.deepEqual(paths(await search({ q: 'INV-2024-001', mode: 'exact' })), ['people/ada-lovelace.md']);
      assert.deepEqual(paths(await search({ q: 'INV-2024-002', mode: 'exact' })), []);
      assert.deepEqual(paths(await search({ q: 'ada@example.com', mode: 'exact' })), ['people/ada-lovelace.md']);
      assert.deepEqual(paths(await search({ q: 'ada@example.org', mode: 'exact' })), []);
    });

    it('folds diacritics both ways and finds stemmed forms', async () => {
      assert.deepEqual(paths(await search({ q: 'cafe reunion', mode: 'exact' })), ['notes/reunion.md']);
      assert.deepEqual(paths(await search({ q: 'crème', mode: 'exact' })), ['notes/reunion.md']);
      assert.deepEqual(paths(await search({ q: 'running', mode: 'exact' })), ['notes/morning-routine.md']);
    });

    it('searches frontmatter (aliases) too', async () => {
      assert.deepEqual(paths(await search({ q: 'countess', mode: 'exact' })), ['people/ada-lovelace.md']);
    });

    it('never lets input break the query: punctuation, quotes and operators are text', async () => {
      for (const q of ['!!!', '"', '(', 'AND', 'NOT OR', 'title:foo', '^*', '"unbalanced', 'a"b', 'NEAR(x y)', '*', '-', '💥']) {
        for (const mode of ['exact', 'semantic', 'hybrid']) {
          const r = await search({ q, mode });
          assert.equal(r.status, 200, `${mode} ${q}: ${r.text}`);
          assert.ok(Array.isArray(r.body.hits));
        }
      }
    });
  });

  describe('semantic and hybrid modes', () => {
    it('semantic finds a page by meaning when none of the words are on it; exact does not', async () => {
      const q = 'vehicle maintenance';
      assert.deepEqual(paths(await search({ q, mode: 'exact' })), []);
      const sem = await search({ q, mode: 'semantic' });
      assert.equal(sem.status, 200);
      assert.equal(sem.body.mode, 'semantic');
      assert.equal(sem.body.hits[0].path, 'notes/garage-visit.md');
      assert.ok(sem.body.hits[0].score > sem.body.hits[1].score);
    });

    it('semantic ranks by meaning for other topics too', async () => {
      assert.equal((await search({ q: 'money and expenses', mode: 'semantic' })).body.hits[0].path, 'notes/quarterly-budget.md');
      assert.equal((await search({ q: 'outdoor camping holiday', mode: 'semantic' })).body.hits[0].path, 'projects/mountain-trip.md');
    });

    it('hybrid is the default and finds both word matches and meaning matches', async () => {
      const byWords = await search({ q: 'brake pads' });
      assert.equal(byWords.body.mode, 'hybrid');
      assert.equal(byWords.body.hits[0].path, 'notes/garage-visit.md');
      const byMeaning = await search({ q: 'vehicle maintenance' });
      assert.equal(byMeaning.body.hits[0].path, 'notes/garage-visit.md');
    });

    it('hybrid returns one hit per page', async () => {
      const r = await search({ q: 'engine', limit: '20' });
      assert.equal(new Set(paths(r)).size, paths(r).length);
    });

    it('hybrid lifts the page a query names and the pages linked with it', async () => {
      const r = await search({ q: 'Charles Babbage' });
      assert.deepEqual(paths(r).slice(0, 2), ['people/charles-babbage.md', 'people/ada-lovelace.md']);
      const byAlias = await search({ q: 'countess of lovelace' });
      assert.equal(byAlias.body.hits[0].path, 'people/ada-lovelace.md');
    });
  });

  describe('parameters', () => {
    it('limit defaults to 8 and is at most 100 (more is refused, as the MCP tool refuses it)', async () => {
      const r = await search({ q: 'the', mode: 'exact', limit: '1' });
      assert.equal(r.body.hits.length, 1);
      assert.equal((await search({ q: 'the', limit: '100' })).status, 200);
      const over = await search({ q: 'the', limit: '1000' });
      assert.equal(over.status, 400);
      assert.match(over.body.detail, /limit must be at most 100\./);
    });

    it('folder keeps pages in that folder and below', async () => {
      const r = await search({ q: 'engine', folder: 'people', mode: 'exact' });
      assert.deepEqual(paths(r).sort(), ['people/ada-lovelace.md', 'people/charles-babbage.md']);
      const sem = await search({ q: 'engine oil', folder: 'notes', mode: 'semantic' });
      assert.ok(sem.body.hits.length > 0);
      assert.ok(sem.body.hits.every((h: { folder: string }) => h.folder === 'notes'));
      assert.deepEqual(paths(await search({ q: 'engine', folder: 'nowhere' })), []);
    });

    it('bad parameters are 400 problem+json', async () => {
      for (const query of <Array<Record<string, string>>>[{ mode: 'exact' }, { q: '' }, { q: 'x', mode: 'fuzzy' }, { q: 'x', limit: '0' }, { q: 'x', limit: 'ten' }, { q: 'x', includeArchived: 'maybe' }, { q: 'x', folder: '../up' }]) {
        const r = await search(query);
        assert.equal(r.status, 400, JSON.stringify(query));
        assert.match(r.headers.get('content-type') ?? '', /problem\+json/);
        assert.ok(r.body.code);
      }
    });

    it('needs a role on the brain: no token is 401, another brain is 404', async () => {
      assert.equal((await search({ q: 'ada' }, '')).status, 401);
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'elsewhere' });
      const other = s.credential('Read', 'elsewhere');
      assert.equal((await search({ q: 'ada' }, other)).status, 404);
    });
  });

  describe('partitions', () => {
    it('pages of archived partitions are left out unless includeArchived=true', async () => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug: 'agency', templateKey: 'agency' });
      const token = s.credential('Admin', 'agency');
      for (const [key, name] of [
        ['acme', 'Acme'],
        ['globex', 'Globex'],
      ]) {
        const r = await s.request('POST', '/api/v1/brains/agency/partitions', { token, body: { name, key } });
        assert.equal(r.status, 201, r.text);
      }
      for (const [path, markdown] of [
        ['clients/acme/projects/website.md', '# Website relaunch\n\nThe acme website relaunch with a new design system.'],
        ['clients/globex/projects/website.md', '# Website audit\n\nThe globex website audit for accessibility and design.'],
      ]) {
        assert.equal((await s.request('PUT', '/api/v1/brains/agency/pages', { token, body: { path, markdown } })).status, 201);
      }
      await s.c.embeddings.drain();
      const q = (extra: Record<string, string>) => s.request('GET', `/api/v1/brains/agency/search?${new URLSearchParams({ q: 'website design', ...extra })}`, { token });
      const both = await q({ mode: 'exact' });
      assert.deepEqual(paths(both).sort(), ['clients/acme/projects/website.md', 'clients/globex/projects/website.md']);
      assert.deepEqual(
        both.body.hits.map((h: { partition: string }) => h.partition).sort(),
        ['acme', 'globex'],
      );
      assert.deepEqual(paths(await q({ mode: 'exact', partition: 'acme' })), ['clients/acme/projects/website.md']);

      assert.equal((await s.request('POST', '/api/v1/brains/agency/partitions/globex/archive', { token })).status, 200);
      for (const mode of ['exact', 'semantic', 'hybrid']) {
        const hidden = paths(await q({ mode }));
        assert.ok(hidden.includes('clients/acme/projects/website.md'), mode);
        assert.ok(!hidden.some((p) => p.startsWith('clients/globex/')), `${mode}: ${hidden}`);
        const shown = paths(await q({ mode, includeArchived: 'true' }));
        assert.ok(shown.includes('clients/globex/projects/website.md'), mode);
      }
    });
  });

  describe('keeping up with changes', () => {
    it('an edited page is found by its new words only; a deleted page is gone', async () => {
      const path = 'notes/changing.md';
      await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown: '# Changing\n\nAbout zeppelins.' } });
      assert.deepEqual(paths(await search({ q: 'zeppelins', mode: 'exact' })), [path]);
      await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown: '# Changing\n\nAbout submarines.' } });
      assert.deepEqual(paths(await search({ q: 'zeppelins', mode: 'exact' })), []);
      assert.deepEqual(paths(await search({ q: 'submarines', mode: 'exact' })), [path]);
      await s.request('DELETE', `/api/v1/brains/main/pages?path=${path}`, { token: write });
      for (const mode of ['exact', 'semantic', 'hybrid']) assert.ok(!paths(await search({ q: 'submarines', mode })).includes(path), mode);
    });

    it('writes do not wait for embeddings; semantic mode finds not-yet-embedded chunks by their words', async () => {
      const path = 'notes/pending.md';
      await s.c.embeddings.drain();
      await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown: '# Pending\n\nA note about quokkas.' } });
      const status = await s.request('GET', '/api/v1/brains/main/search/status', { token: read });
      assert.equal(status.status, 200);
      // The worker may already have picked it up; either way the page is found.
      const r = await search({ q: 'quokkas', mode: 'semantic' });
      assert.ok(paths(r).includes(path));
      await s.c.embeddings.drain();
      const done = await s.request('GET', '/api/v1/brains/main/search/status', { token: read });
      assert.equal(done.body.pending, 0);
      assert.equal(done.body.embedded, done.body.chunks);
      assert.equal(done.body.progress, 1);
      assert.equal(done.body.model, 'local:glove-sg-100d-sif');
      assert.equal(done.body.dimensions, 100);
    });
  });
});
