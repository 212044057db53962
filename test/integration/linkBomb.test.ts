// Hostile input: a page made of tens of thousands of links (70,000 identical `[a link](other.md)`
// lines took a server past its 4 GB heap). Saving it, embedding its chunks and listing backlinks
// must cost memory in proportion to the page. Two causes: rows that carried their page's whole
// markdown once per chunk (the embedding queue's batch, the vocabulary's inputs: a page of n chunks
// read n copies of itself) and once per link (backlinks grouped rows holding the markdown, so
// SQLite's sorter kept a copy per link). Measured by what SQLite hands back (every string of every
// row read), the heap and the process's resident memory; the graph still counts every link.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

type Reader = (this: unknown, ...args: unknown[]) => unknown;

describe('a page of tens of thousands of links (memory stays in proportion to the page)', function () {
  this.timeout(300_000);
  let s: TestServer;
  let token: string;
  const proto = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Record<'all' | 'get', Reader>;
  const original = { all: proto.all, get: proto.get };
  /** Characters of every string column of every row read through Statement.all/get since the last reset. */
  let charsRead = 0;
  const count = (v: unknown): void => {
    if (typeof v === 'string') charsRead += v.length;
    else if (v && typeof v === 'object') for (const x of Object.values(v)) if (typeof x === 'string') charsRead += x.length;
  };

  before(async () => {
    proto.all = function (this: unknown, ...args: unknown[]) {
      const rows = original.all.apply(this, args) as unknown[];
      for (const r of rows) count(r);
      return rows;
    };
    proto.get = function (this: unknown, ...args: unknown[]) {
      const row = original.get.apply(this, args);
      count(row);
      return row;
    };
    s = await startTestServer();
    token = s.credential('Write');
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'other.md', markdown: '# Other\n' } });
    assert.equal(r.status, 201, r.text);
    await s.c.embeddings.drain();
  });
  after(async () => {
    proto.all = original.all;
    proto.get = original.get;
    await s.stop();
  });

  /** PUT the page and embed its chunks; what SQLite handed back and the heap's highest growth. */
  const save = async (path: string, markdown: string): Promise<{ chars: number; heapMb: number }> => {
    global.gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const timer = setInterval(sample, 2);
    charsRead = 0;
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown } });
    assert.equal(r.status, 201, r.text);
    sample();
    await s.c.embeddings.drain();
    sample();
    clearInterval(timer);
    return { chars: charsRead, heapMb: (peak - base) / 1e6 };
  };

  it('70,000 identical links: read back a bounded number of copies of the page, one backlink with count 70,000', async () => {
    const n = 70_000;
    const markdown = `# Bomb\n\n${Array.from({ length: n }, () => '[a link](other.md)').join('\n')}\n`;
    const { chars, heapMb } = await save('bomb.md', markdown);
    // Before the fix: 467 chunks × 1.33 MB of markdown = 621 million characters read back, and a
    // heap peak of ~620 MB; after it ~0.1 (the page itself is read a few times at most).
    assert.ok(chars < 10 * markdown.length, `read ${chars} characters back for a page of ${markdown.length}`);
    assert.ok(heapMb < 400, `heap grew by ${heapMb.toFixed(0)} MB`);
    // Backlinks grouped the page's links in rows that carried its markdown: SQLite's sorter (native
    // memory, outside the heap) held a copy per link, gigabytes for 20,000 links.
    const rss = process.memoryUsage().rss;
    const bl = await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=other.md', { token });
    const rssMb = (process.memoryUsage().rss - rss) / 1e6;
    assert.ok(rssMb < 500, `backlinks took ${rssMb.toFixed(0)} MB`);
    assert.equal(bl.status, 200);
    assert.deepEqual(bl.body.backlinks.map((b: { path: string; type: string; count: number }) => [b.path, b.type, b.count]), [['bomb.md', 'mentions', n]]);
    const edges = s.c.graph.overview(SYSTEM_ACTOR, s.mainBrainId).edges.filter((e) => e.from === 'bomb.md');
    assert.deepEqual(edges.map((e) => e.to), ['other.md']);
  });

  it('20,000 distinct links: saved in bounded memory, each target its own link', async () => {
    const n = 20_000;
    const markdown = `# Spread\n\n${Array.from({ length: n }, (_, i) => `[link ${i}](t/${i}.md)`).join('\n')}\n`;
    const { chars, heapMb } = await save('spread.md', markdown);
    assert.ok(chars < 10 * markdown.length, `read ${chars} characters back for a page of ${markdown.length}`);
    assert.ok(heapMb < 400, `heap grew by ${heapMb.toFixed(0)} MB`);
    // Wanted (no such pages yet): one each; a target that appears resolves its one link.
    const wanted = await s.request('GET', '/api/v1/brains/main/graph/wanted', { token });
    assert.equal(wanted.status, 200);
    assert.ok(wanted.body.wanted.length > 0 && wanted.body.wanted.every((w: { count: number }) => w.count === 1), JSON.stringify(wanted.body.wanted.slice(0, 3)));
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 't/19999.md', markdown: '# Last\n' } });
    assert.equal(r.status, 201, r.text);
    const bl = await s.request('GET', `/api/v1/brains/main/graph/backlinks?path=${encodeURIComponent('t/19999.md')}`, { token });
    assert.deepEqual(bl.body.backlinks.map((b: { path: string; count: number }) => [b.path, b.count]), [['spread.md', 1]]);
  });
});
