// The link graph over HTTP: backlinks with context, wanted links resolving when their page
// appears (and falling back when it goes), moves updating backlinks, traversal and resolve.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import type { TestServer } from '../helpers/server.js';
import { describeOnBothBackends } from '../helpers/serverBackends.js';

describeOnBothBackends('link graph', (b) => {
  let s: TestServer;
  let token: string;
  const put = async (path: string, markdown: string) => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
  };
  const backlinks = async (path: string) => s.request('GET', `/api/v1/brains/main/graph/backlinks?path=${encodeURIComponent(path)}`, { token });
  const traverse = async (q: Record<string, string>) => s.request('GET', `/api/v1/brains/main/graph/traverse?${new URLSearchParams(q)}`, { token });
  const resolve = async (refs: unknown) => s.request('POST', '/api/v1/brains/main/graph/resolve', { token, body: { refs } });

  before(async function () {
    this.timeout(120_000);
    s = await b.startServer();
    token = s.credential('Write');
    await put('people/ada-lovelace.md', '---\naliases: [Countess of Lovelace]\n---\n# Ada Lovelace\n\nWorked with [[people/charles-babbage|Charles]] on the engine.\n');
    await put('people/charles-babbage.md', '# Charles Babbage\n\nDesigned the [[Analytical Engine]].\nFriend of [Ada](ada-lovelace.md).\n');
    await put('projects/engine.md', '# Engine project\n\nLed by [[Ada Lovelace]].\n\nAlso see [[people/charles-babbage#Work]].\n');
    await put('notes/far.md', '# Far\n\nOnly links to [[projects/engine]].\n');
  });
  after(async () => s.stop());

  it('backlinks list each linking page once per relation type, with the line the link is on and the link count', async () => {
    const r = await backlinks('people/ada-lovelace.md');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      path: 'people/ada-lovelace.md',
      backlinks: [
        { path: 'people/charles-babbage.md', title: 'Charles Babbage', context: 'Friend of [Ada](ada-lovelace.md).', type: 'mentions', count: 1 },
        { path: 'projects/engine.md', title: 'Engine project', context: 'Led by [[Ada Lovelace]].', type: 'leads', count: 1 },
      ],
    });
  });

  it('the whole graph, its counts and hubs, page titles and the latest changes (the web app home and graph)', async () => {
    const brain = s.mainBrainId;
    const whole = s.c.graph.overview(SYSTEM_ACTOR, brain);
    assert.deepEqual(whole.nodes.map((n) => [n.path, n.folder]), [
      ['notes/far.md', 'notes'],
      ['people/ada-lovelace.md', 'people'],
      ['people/charles-babbage.md', 'people'],
      ['projects/engine.md', 'projects'],
    ]);
    assert.deepEqual(
      whole.edges.map((e) => `${e.from}>${e.to}`),
      ['notes/far.md>projects/engine.md', 'people/ada-lovelace.md>people/charles-babbage.md', 'people/charles-babbage.md>people/ada-lovelace.md', 'projects/engine.md>people/ada-lovelace.md', 'projects/engine.md>people/charles-babbage.md'],
    );
    const stats = s.c.graph.stats(SYSTEM_ACTOR, brain, { limit: 2 });
    assert.deepEqual(stats, {
      pages: 4,
      links: 5,
      mostLinked: [
        { path: 'people/ada-lovelace.md', title: 'Ada Lovelace', count: 2 },
        { path: 'people/charles-babbage.md', title: 'Charles Babbage', count: 2 },
      ],
    });
    assert.deepEqual([...s.c.graph.titles(SYSTEM_ACTOR, brain, ['projects/engine.md', 'nowhere.md'])], [['projects/engine.md', 'Engine project']]);
    const recent = s.c.pages.recentChanges(SYSTEM_ACTOR, brain, { limit: 2 });
    assert.deepEqual(recent.map((c) => [c.path, c.op, c.version]), [
      ['notes/far.md', 'put', 1],
      ['projects/engine.md', 'put', 1],
    ]);
    assert.equal(await s.c.pages.file(SYSTEM_ACTOR, brain, 'people/portrait.png'), null);
    await assert.rejects(s.c.pages.file(SYSTEM_ACTOR, brain, 'people/ada-lovelace.md'), /Only files other than pages/);
  });

  it('backlinks: path without .md works; unknown page 404; missing path 400', async () => {
    assert.equal((await backlinks('people/charles-babbage')).body.backlinks.length, 2);
    assert.equal((await backlinks('people/nobody.md')).status, 404);
    assert.equal((await s.request('GET', '/api/v1/brains/main/graph/backlinks', { token })).status, 400);
  });

  it('a wanted link resolves when its page appears, and is wanted again when it is deleted', async () => {
    const wanted = await s.request('GET', '/api/v1/brains/main/graph/wanted', { token });
    assert.deepEqual(wanted.body.wanted, [{ target: 'Analytical Engine', count: 1 }]);
    await put('concepts/analytical-engine.md', '# Analytical Engine\n\nA mechanical computer.\n');
    const r = await backlinks('concepts/analytical-engine.md');
    assert.deepEqual(r.body.backlinks.map((b: { path: string }) => b.path), ['people/charles-babbage.md']);
    assert.deepEqual((await s.request('GET', '/api/v1/brains/main/graph/wanted', { token })).body.wanted, []);
    await s.request('DELETE', '/api/v1/brains/main/pages?path=concepts/analytical-engine.md', { token });
    assert.deepEqual((await s.request('GET', '/api/v1/brains/main/graph/wanted', { token })).body.wanted, [{ target: 'Analytical Engine', count: 1 }]);
  });

  it('a relative wanted target is listed as the path it names, once per folder', async () => {
    await put('alpha/one.md', '# One\n\nSee [[./Plan]] and [draft](./Draft%20notes.md).\n');
    await put('beta/two.md', '# Two\n\nSee [[./Plan]] and [[../alpha/Plan]].\n');
    const listed = (await s.request('GET', '/api/v1/brains/main/graph/wanted', { token })).body.wanted as Array<{ target: string; count: number }>;
    const relative = listed.filter((w) => /Plan|Draft/.test(w.target)).sort((a, b) => a.target.localeCompare(b.target));
    assert.deepEqual(relative, [
      { target: 'alpha/Draft notes.md', count: 1 },
      { target: 'alpha/Plan', count: 2 },
      { target: 'beta/Plan', count: 1 },
    ]);
    await put('alpha/Plan.md', '# Plan\n');
    const after = (await s.request('GET', '/api/v1/brains/main/graph/wanted', { token })).body.wanted as Array<{ target: string }>;
    assert.deepEqual(after.map((w) => w.target).filter((t) => /Plan/.test(t)), ['beta/Plan']);
    for (const p of ['alpha/one.md', 'beta/two.md', 'alpha/Plan.md']) await s.request('DELETE', `/api/v1/brains/main/pages?path=${p}`, { token });
  });

  it('a link by title follows the page when it is renamed by title (alias)', async () => {
    await put('concepts/difference-engine.md', '---\naliases: [DE2]\n---\n# Difference Engine\n');
    await put('notes/alias-user.md', '# Alias user\n\nSee [[DE2]].\n');
    assert.deepEqual((await backlinks('concepts/difference-engine.md')).body.backlinks.map((b: { path: string }) => b.path), ['notes/alias-user.md']);
  });

  it('a move updates backlinks: links are rewritten to the new path and resolve there', async () => {
    const moved = await s.request('POST', '/api/v1/brains/main/pages/move', { token, body: { fromPath: 'people/charles-babbage.md', toPath: 'people/babbage.md' } });
    assert.equal(moved.status, 200, moved.text);
    const r = await backlinks('people/babbage.md');
    assert.deepEqual(r.body.backlinks.map((b: { path: string }) => b.path).sort(), ['people/ada-lovelace.md', 'projects/engine.md']);
    // The moved page's own links still count as its links.
    const ada = await backlinks('people/ada-lovelace.md');
    assert.ok(ada.body.backlinks.some((b: { path: string }) => b.path === 'people/babbage.md'));
    assert.equal((await backlinks('people/charles-babbage.md')).status, 404);
  });

  it('traverse: BFS from the start page (depth 0) both ways by default, with edges', async () => {
    const r = await traverse({ path: 'projects/engine.md', depth: '1' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.nodes, [
      { path: 'projects/engine.md', title: 'Engine project', depth: 0 },
      { path: 'notes/far.md', title: 'Far', depth: 1 },
      { path: 'people/ada-lovelace.md', title: 'Ada Lovelace', depth: 1 },
      { path: 'people/babbage.md', title: 'Charles Babbage', depth: 1 },
    ]);
    assert.ok(r.body.edges.some((e: { from: string; to: string }) => e.from === 'notes/far.md' && e.to === 'projects/engine.md'));
    assert.ok(r.body.edges.some((e: { from: string; to: string }) => e.from === 'people/ada-lovelace.md' && e.to === 'people/babbage.md'));
  });

  it('traverse: direction=out and direction=in, depth, limit', async () => {
    const out = await traverse({ path: 'notes/far.md', depth: '2', direction: 'out' });
    assert.deepEqual(out.body.nodes.map((n: { path: string; depth: number }) => [n.path, n.depth]), [
      ['notes/far.md', 0],
      ['projects/engine.md', 1],
      ['people/ada-lovelace.md', 2],
      ['people/babbage.md', 2],
    ]);
    const inbound = await traverse({ path: 'notes/far.md', direction: 'in' });
    assert.deepEqual(inbound.body.nodes.map((n: { path: string }) => n.path), ['notes/far.md']);
    const limited = await traverse({ path: 'projects/engine.md', depth: '3', limit: '2' });
    assert.equal(limited.body.nodes.length, 2);
  });

  it('traverse: depth outside 1..3 is 400; unknown page 404', async () => {
    for (const depth of ['0', '4', 'x']) assert.equal((await traverse({ path: 'notes/far.md', depth })).status, 400, depth);
    assert.equal((await traverse({ path: 'notes/far.md', direction: 'sideways' })).status, 400);
    assert.equal((await traverse({ path: 'nope.md' })).status, 404);
  });

  it('resolve: path, slug, title, alias; otherwise near misses ranked by similarity', async () => {
    const r = await resolve(['people/ada-lovelace', 'ada-lovelace', 'Ada Lovelace', 'countess of lovelace', 'Ada Lovelac', 'zzzz qqqq']);
    assert.equal(r.status, 200);
    const byRef = Object.fromEntries(r.body.results.map((x: { ref: string }) => [x.ref, x]));
    for (const ref of ['people/ada-lovelace', 'ada-lovelace', 'Ada Lovelace', 'countess of lovelace']) {
      assert.equal(byRef[ref].path, 'people/ada-lovelace.md', ref);
      assert.deepEqual(byRef[ref].nearMisses, []);
    }
    assert.equal(byRef['Ada Lovelac'].path, null);
    assert.equal(byRef['Ada Lovelac'].nearMisses[0].path, 'people/ada-lovelace.md');
    assert.equal(byRef['Ada Lovelac'].nearMisses[0].title, 'Ada Lovelace');
    assert.ok(byRef['Ada Lovelac'].nearMisses[0].score > 0.7);
    assert.deepEqual(byRef['zzzz qqqq'], { ref: 'zzzz qqqq', path: null, nearMisses: [] });
    assert.equal(s.c.graph.resolveOne(s.mainBrainId, 'Engine project'), 'projects/engine.md');
    assert.equal(s.c.graph.resolveOne(s.mainBrainId, 'nothing like it'), null);
  });

  it('resolve: body is validated (400, nothing else happens)', async () => {
    for (const body of [{}, { refs: 'x' }, { refs: [1] }, { refs: [], extra: true }, { refs: Array(101).fill('a') }]) {
      const r = await s.request('POST', '/api/v1/brains/main/graph/resolve', { token, body });
      assert.equal(r.status, 400, JSON.stringify(body).slice(0, 50));
    }
  });

  it('a page pushed with git (catch-up path) is linked like any other', async () => {
    // The catch-up path indexes commits that arrive by other means; use the write path directly.
    await s.c.writes.write(s.mainBrainId, { kind: 'system', name: 'test' }, () => ({
      ops: [{ op: 'put', path: 'notes/pushed.md', content: Buffer.from('# Pushed\n\nMentions [[Engine project]].\n') }],
      message: 'push',
      opName: 'import',
      audit: { action: 'test.import' },
    }));
    assert.ok((await backlinks('projects/engine.md')).body.backlinks.some((b: { path: string }) => b.path === 'notes/pushed.md'));
  });
});
