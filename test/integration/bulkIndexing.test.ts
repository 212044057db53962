// A large import is indexed with its page data derived on another thread while the commit is
// built; a rebuild from git derives the same pages inline, page by page. Both must leave exactly
// the same index: pages, chunks, links (resolved in bulk at the end of the batch) and names.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { derivePage } from '../../src/domain/pageDerivation.js';
import { MessageChannel } from 'node:worker_threads';
import { DERIVATION_CHUNK, DerivationStream, DerivationThread, NEXT, WAITING } from '../../src/storage/indexing/derivationThread.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { storeLinks } from '../../src/storage/sqlite/linkResolution.js';
import { packMarkdown, unpackMarkdown } from '../../src/storage/sqlite/pageText.js';

const PAGES = 1200; // above the write path's threshold for deriving on another thread

function page(i: number): { path: string; content: Buffer } {
  const folder = ['people', 'projects', 'notes'][i % 3]!;
  const md = [
    `---`,
    `title: Item ${i}`,
    `aliases: [alias-${i}]`,
    `tags: [t${i % 7}]`,
    `---`,
    `# Item ${i}`,
    ``,
    `Intro for item ${i} about ${i % 2 ? 'gardens and tomatoes' : 'servers and latency'}.`,
    `See [[Item ${(i + 1) % PAGES}]], [[alias-${(i * 7) % PAGES}]], [[missing-${i % 13}]] and [next](../${folder}/item-${(i + 3) % PAGES}.md).`,
    ``,
    `## Details`,
    ``,
    `${'More words on the subject. '.repeat(i % 5 ? 4 : 120)}`,
    '```',
    `[[not-a-link-${i}]]`,
    '```',
    // Links to attachments (file_links) on a tenth of the pages: one real, one in a code span and
    // one in a fence (both ignored), and a wiki link whose label follows an escaped pipe.
    ...(i % 10 === 3
      ? [
          ``,
          `The [spec](../files/spec-${i % 4}.pdf) and \`[not this](../files/span-${i}.pdf)\`; also [[files/spec-${i % 4}.pdf\\|the spec]].`,
          '```',
          `[nor this](../files/fenced-${i}.pdf)`,
          '```',
        ]
      : []),
  ].join('\n');
  return { path: `${folder}/item-${i}.md`, content: Buffer.from(md) };
}

describe('bulk indexing', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(async () => s.stop());

  function snapshot(brainId: string): unknown {
    const q = (sql: string) => s.c.db.prepare(sql).all(brainId);
    return {
      pages: q('SELECT path, folder, title, summary, frontmatter, markdown, version, blob_oid FROM pages WHERE brain_id = ? ORDER BY path'),
      chunks: q(`SELECT p.path, c.ordinal, c.heading, c.meta, c.hash FROM search_chunks c JOIN pages p ON p.id = c.page_id
                 WHERE c.brain_id = ? ORDER BY p.path, c.ordinal`),
      links: q(`SELECT f.path AS from_path, t.target, t.key AS target_key, p.path AS to_path, l.kind, l.heading, l.line, l.type
                FROM search_link_targets t JOIN search_links l ON l.target_id = t.id JOIN pages f ON f.id = l.from_page_id LEFT JOIN pages p ON p.id = l.to_page_id
                WHERE t.brain_id = ? ORDER BY from_path, l.line, t.target`),
      // Every stored target is named by a link (a live index keeps none a rebuild would not make).
      targets: q('SELECT key, target FROM search_link_targets t WHERE brain_id = ? ORDER BY key, target'),
      keys: q('SELECT key, kind, path, label FROM search_page_keys WHERE brain_id = ? ORDER BY key, kind, path'),
      // Page-to-file links (derived with the rest, on the derivation thread in a large commit).
      fileLinks: q('SELECT from_path, to_path FROM file_links WHERE brain_id = ? ORDER BY from_path, to_path'),
      queued: (s.c.db.prepare('SELECT COUNT(*) FROM search_embed_queue WHERE brain_id = ?').pluck().get(brainId) as number) > 0,
    };
  }

  it('the derivation thread derives exactly what derivePage does inline, in chunks, taken in order', async () => {
    const thread = new DerivationThread();
    try {
      const pages = Array.from({ length: 2 * DERIVATION_CHUNK + 7 }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
      const stream = thread.stream(pages);
      assert.deepEqual(stream.all(), pages.map((p) => derivePage(p.path, p.markdown)));
      stream.close();
      // a second request on the same thread
      const again = thread.stream(pages.slice(0, 3));
      assert.deepEqual(again.all()[2], derivePage(pages[2]!.path, pages[2]!.markdown));
      again.close();
    } finally {
      await thread.close();
    }
  });

  it('asked to pack, the thread also hands over each page row markdown exactly as packMarkdown stores it', async () => {
    const thread = new DerivationThread();
    try {
      // Short text (kept as text), long prose (packed), other scripts.
      const noise = Array.from({ length: 700 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
      const extra = [
        { path: 'short.md', markdown: '# Short\n\nA few words.' },
        { path: 'han.md', markdown: `# 漢字\n\n${noise}` },
        { path: 'mixed.md', markdown: `# Αθήνα και 東京\n\n${'Κείμενο με [[Σημειώσεις]] και 会議の記録 und Straße. '.repeat(60)}` },
      ];
      const pages = [...extra, ...Array.from({ length: DERIVATION_CHUNK + 3 }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }))];
      const stream = thread.stream(pages, null, true);
      const got = stream.all();
      stream.close();
      let packed = 0;
      got.forEach((d, k) => {
        const { stored, ...rest } = d!;
        const want = packMarkdown(pages[k]!.markdown);
        assert.deepEqual(typeof stored === 'string' ? stored : Buffer.from(stored!), want, pages[k]!.path);
        assert.equal(unpackMarkdown(typeof stored === 'string' ? stored : Buffer.from(stored!)), pages[k]!.markdown);
        if (typeof want !== 'string') packed++;
        // The rest is what derivePage makes, which never packs.
        assert.deepEqual(rest, derivePage(pages[k]!.path, pages[k]!.markdown));
      });
      assert.equal(typeof got[0]!.stored, 'string', 'a short page stays text');
      assert.ok(packed > 40, `the long pages are packed (${packed})`);
      // Not asked (PostgreSQL keeps text): nothing extra crosses.
      const plain = thread.stream(pages.slice(0, 3));
      assert.ok(plain.all().every((d) => d!.stored === undefined));
      plain.close();
    } finally {
      await thread.close();
    }
  });

  it('a thread started ahead (an import still reading its files) is the one that derives the batch, exactly as inline', async () => {
    const thread = new DerivationThread();
    try {
      thread.warm();
      const started = (thread as unknown as { worker: unknown }).worker;
      assert.ok(started, 'warm starts the thread');
      thread.warm();
      assert.equal((thread as unknown as { worker: unknown }).worker, started, 'a second warm starts no other thread');
      const pages = Array.from({ length: DERIVATION_CHUNK + 3 }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
      const stream = thread.stream(pages);
      assert.equal((thread as unknown as { worker: unknown }).worker, started);
      assert.deepEqual(stream.all(), pages.map((p) => derivePage(p.path, p.markdown)));
      stream.close();
    } finally {
      await thread.close();
    }
  });

  it('the waiting side and the thread share the pages: one not claimed yet is derived here, each page once', async () => {
    const thread = new DerivationThread();
    try {
      const pages = Array.from({ length: 3 * DERIVATION_CHUNK }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
      // A thread still starting has claimed nothing: the first page is this side's at once.
      const cold = thread.stream(pages);
      const t = Date.now();
      assert.equal(cold.take(0), undefined);
      assert.ok(Date.now() - t < 500);
      assert.ok(cold.all()[1], 'the thread took the pages after it'); // and the thread is up now
      assert.equal(cold.all()[0], undefined, 'never the page claimed here');
      cold.close();
      // A running thread gets ahead while this side is busy; this side claims what it has not reached.
      const stream = thread.stream(pages);
      await new Promise((r) => setTimeout(r, 300));
      let here = 0;
      for (let k = 0; k < pages.length; k++) {
        const got = stream.take(k);
        if (got === undefined) here++;
        else assert.deepEqual(got, derivePage(pages[k]!.path, pages[k]!.markdown));
      }
      assert.ok(here < pages.length, `the thread derived some pages (${pages.length - here} of ${pages.length})`);
      stream.close();
    } finally {
      await thread.close();
    }
  });

  it('while the thread holds the page waited for, the waiting side derives the next unclaimed pages itself, each once', () => {
    const pages = Array.from({ length: 40 }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
    const { port1, port2 } = new MessageChannel();
    const progress = new Int32Array(new SharedArrayBuffer(12));
    Atomics.store(progress, WAITING, -1);
    Atomics.store(progress, NEXT, 1); // a thread claimed page 0 and never sends it
    let derivedHere = 0;
    const stream = new DerivationStream(port1, progress, pages.length, (k) => {
      derivedHere++;
      return derivePage(pages[k]!.path, pages[k]!.markdown);
    });
    try {
      assert.equal(stream.take(0), undefined, 'page 0 stalls out: derived inline by the caller');
      assert.equal(derivedHere, pages.length - 1, 'every other page was derived while waiting');
      for (let k = 1; k < pages.length; k++) assert.deepEqual(stream.take(k), derivePage(pages[k]!.path, pages[k]!.markdown));
      assert.equal(derivedHere, pages.length - 1, 'none twice');
    } finally {
      stream.close();
      port2.close();
    }
  });

  it('a page is handed over once and let go of: a second take answers undefined at once (derive inline), the stream keeps nothing taken', async () => {
    const thread = new DerivationThread();
    try {
      const pages = Array.from({ length: DERIVATION_CHUNK + 5 }, (_, i) => page(i)).map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
      const warm = thread.stream(pages.slice(0, 2));
      assert.ok(warm.all()[1], 'the thread is up');
      warm.close();
      const stream = thread.stream(pages);
      await new Promise((r) => setTimeout(r, 300)); // the thread gets ahead: most pages arrive from it
      let fromThread = 0;
      for (let k = 0; k < pages.length; k++) {
        const got = stream.take(k);
        if (got) {
          fromThread++;
          assert.deepEqual(got, derivePage(pages[k]!.path, pages[k]!.markdown));
        }
        const t = Date.now();
        assert.equal(stream.take(k), undefined, `page ${k} taken twice`);
        assert.ok(Date.now() - t < 100, 'a second take does not wait for the thread');
      }
      assert.ok(fromThread > 0, 'the thread derived some pages');
      const kept = (stream as unknown as { got: Array<unknown> }).got.filter((p) => p !== undefined);
      assert.equal(kept.length, 0, 'nothing taken is kept by the stream');
      stream.close();
    } finally {
      await thread.close();
    }
  });

  it('a derivation thread that is gone costs only the overlap: the waiting side gets undefined and derives inline', async () => {
    const thread = new DerivationThread();
    const pages = [page(1)].map((f) => ({ path: f.path, markdown: f.content.toString('utf8') }));
    const warm = thread.stream(pages);
    assert.ok(warm.all()[0]); // the thread is up
    warm.close();
    const stream = thread.stream(Array.from({ length: 20_000 }, (_, i) => ({ path: `p/${i}.md`, markdown: `# ${i}\n` })));
    await thread.close(); // terminated mid-request
    const t = Date.now();
    assert.equal(stream.take(19_999), undefined);
    assert.ok(Date.now() - t < 10_000);
  });

  it('an import and a rebuild from git index the same pages, chunks, links and names', async () => {
    const brainId = s.mainBrainId;
    const files = Array.from({ length: PAGES }, (_, i) => page(i));
    const out = await s.c.pages.importPages(SYSTEM_ACTOR, brainId, files);
    assert.equal(out.pages, PAGES);
    const imported = snapshot(brainId) as { pages: unknown[]; links: Array<{ from_path: string; target: string; to_path: string | null }> };
    assert.ok(imported.pages.length >= PAGES);
    const linksOf = (from: string) => imported.links.filter((l) => l.from_path === from).map((l) => [l.target, l.to_path]);
    assert.deepEqual(linksOf('notes/item-5.md'), [
      ['../notes/item-8.md', 'notes/item-8.md'],
      ['Item 6', 'people/item-6.md'],
      ['alias-35', 'notes/item-35.md'],
      ['missing-5', null],
    ]);
    const fileLinksOf = (snap: unknown, from: string) => (snap as { fileLinks: Array<{ from_path: string; to_path: string }> }).fileLinks.filter((l) => l.from_path === from).map((l) => l.to_path);
    // Code spans and fences link nothing; the escaped pipe leaves the wiki link's target whole.
    assert.deepEqual(fileLinksOf(imported, 'notes/item-23.md'), ['files/spec-3.pdf']);
    assert.equal((imported as unknown as { fileLinks: unknown[] }).fileLinks.length, PAGES / 10);
    assert.ok(linksOf('notes/item-23.md').some(([target]) => target === 'files/spec-3.pdf'), 'the wiki link before the escaped pipe');


    // The rebuild reads the pages with one `git cat-file --batch`, not blob by blob.
    const repo = s.c.repos.get(brainId);
    const readBlob = repo.readBlob.bind(repo);
    let oneByOne = 0;
    repo.readBlob = (oid: string) => {
      oneByOne++;
      return readBlob(oid);
    };
    try {
      await s.c.writes.rebuild(brainId);
    } finally {
      repo.readBlob = readBlob;
    }
    assert.equal(oneByOne, 0);
    assert.deepEqual(snapshot(brainId), imported);

    // A second commit as large (derived ahead again), with a page deleted and put back in it.
    const again = Array.from({ length: PAGES }, (_, i) => page(i));
    const back = { path: 'notes/item-23.md', content: Buffer.from('# Item 23\n\nNow [the plan](../files/plan.pdf) only.\n') };
    await s.c.writes.write(brainId, SYSTEM_ACTOR, () => ({
      ops: [
        { op: 'delete' as const, path: back.path },
        ...again.filter((f) => f.path !== back.path).map((f) => ({ op: 'put' as const, path: f.path, content: Buffer.concat([f.content, Buffer.from('\nEdited.\n')]) })),
        { op: 'put' as const, path: back.path, content: back.content },
      ],
      message: 'Edit all, delete and re-add one',
      opName: 'import',
      audit: { action: 'test.import' },
    }));
    const edited = snapshot(brainId);
    assert.deepEqual(fileLinksOf(edited, 'notes/item-23.md'), ['files/plan.pdf']);
    assert.deepEqual(fileLinksOf(edited, 'projects/item-13.md'), ['files/spec-1.pdf']);
    // What pages derive (the page rows' versions aside: see the edits test below).
    const derived = (snap: unknown) => {
      const { pages: _pages, queued: _queued, ...rest } = snap as Record<string, unknown>;
      return rest;
    };
    await s.c.writes.rebuild(brainId);
    assert.deepEqual(derived(snapshot(brainId)), derived(edited));

    const token = s.credential('Read');
    const r = await s.request('GET', '/api/v1/brains/main/search?mode=exact&q=tomatoes&limit=3', { token });
    assert.equal(r.status, 200);
    assert.equal(r.body.hits.length, 3);
    const b = await s.request('GET', '/api/v1/brains/main/graph/backlinks?path=notes/item-35.md', { token });
    assert.ok(b.body.backlinks.some((x: { path: string }) => x.path === 'notes/item-5.md'));
  });

  it('page-by-page edits, moves and deletes leave the links, targets, names and chunks a rebuild makes', async () => {
    const brainId = s.mainBrainId;
    const derivedOnly = () => {
      const { pages: _pages, queued: _queued, ...rest } = snapshot(brainId) as Record<string, unknown>;
      return rest;
    };
    // Links retargeted and dropped (their targets no longer named by any link), a page gone, one moved.
    await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'notes/item-5.md', markdown: '# Item 5\n\nNow only [[Item 9]] and [[brand new target]].\n' });
    await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'notes/item-11.md', markdown: '---\ntitle: Item 11\naliases: [eleven]\n---\n# Item 11\n\nNo links left.\n' });
    await s.c.pages.delete(SYSTEM_ACTOR, brainId, 'notes/item-20.md');
    await s.c.pages.move(SYSTEM_ACTOR, brainId, { fromPath: 'projects/item-7.md', toPath: 'archive/item-7.md' });
    await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'notes/missing-5.md', markdown: '# missing-5\n\nCreated at last: see [[Item 5]].\n' });
    // Page-to-file links: a page with them moved, one deleted, one given a new one.
    await s.c.pages.move(SYSTEM_ACTOR, brainId, { fromPath: 'people/item-33.md', toPath: 'archive/item-33.md' });
    await s.c.pages.delete(SYSTEM_ACTOR, brainId, 'notes/item-53.md');
    await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'notes/item-11.md', markdown: '# Item 11\n\nSee [the sheet](../files/sheet.pdf), not `[this](../files/code.pdf)`.\n' });
    const live = derivedOnly() as { links: Array<{ from_path: string; target: string; to_path: string | null }>; targets: Array<{ target: string }>; fileLinks: Array<{ from_path: string; to_path: string }> };
    const filesFrom = (from: string) => live.fileLinks.filter((l) => l.from_path === from).map((l) => l.to_path);
    assert.deepEqual(filesFrom('people/item-33.md'), []);
    assert.deepEqual(filesFrom('archive/item-33.md'), ['files/spec-1.pdf']);
    assert.deepEqual(filesFrom('notes/item-53.md'), []);
    assert.deepEqual(filesFrom('notes/item-11.md'), ['files/sheet.pdf']);
    assert.ok(live.links.some((l) => l.target === 'missing-5' && l.to_path === 'notes/missing-5.md'));
    assert.ok(live.links.some((l) => l.from_path === 'projects/item-19.md' && l.target === 'Item 20' && l.to_path === null));
    assert.ok(live.links.some((l) => l.from_path === 'people/item-6.md' && l.to_path === 'archive/item-7.md'));
    assert.ok(!live.targets.some((t) => t.target === 'alias-35'), 'a target no link names any more is gone');
    await s.c.writes.rebuild(brainId);
    assert.deepEqual(derivedOnly(), live);
  });

  it("a bulk commit's feed rows go in one statement: one per page in the commit's order, consecutive seqs, each with its event; a second import counts versions on", async () => {
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'feed-bulk' });
    const brainId = s.c.access.findBrain('feed-bulk')!.id;
    const feed = () =>
      s.c.db.prepare('SELECT seq, op, path, from_path, version FROM page_changes WHERE brain_id = ? ORDER BY seq').all(brainId) as Array<{ seq: number; op: string; path: string; from_path: string | null; version: number }>;
    const events = () => s.c.db.prepare("SELECT type, path, version, page_seq FROM brain_events WHERE brain_id = ? AND type LIKE 'page.%' ORDER BY seq").all(brainId);
    const first = Array.from({ length: 40 }, (_, i) => ({ path: `bulk/p-${String(i).padStart(2, '0')}.md`, content: Buffer.from(`# P ${i}\n\nText ${i}.\n`) }));
    // The changes the index answers for the commit (the change bus and the write's caller get these).
    const answered: Array<[number, string, number]> = [];
    const applyGroup = s.c.pageIndex.applyGroup.bind(s.c.pageIndex);
    s.c.pageIndex.applyGroup = (...a) => {
      const out = applyGroup(...a);
      for (const c of out.flat()) answered.push([c.seq, c.path, c.version]);
      return out;
    };
    try {
      await s.c.pages.importPages(SYSTEM_ACTOR, brainId, first);
    } finally {
      s.c.pageIndex.applyGroup = applyGroup;
    }
    const one = feed();
    assert.equal(one.length, 40);
    assert.deepEqual(new Set(one.map((r) => r.path)), new Set(first.map((f) => f.path)));
    one.forEach((r, i) => {
      assert.equal(r.seq, one[0]!.seq + i);
      assert.deepEqual([r.op, r.from_path, r.version], ['put', null, 1]);
    });
    assert.deepEqual(events(), one.map((r) => ({ type: 'page.put', path: r.path, version: 1, page_seq: r.seq })));
    assert.deepEqual(answered, one.map((r) => [r.seq, r.path, r.version]));

    // Half the paths again (edited) and 20 new ones: the pages that exist are updated, not added again.
    const second = [...first.slice(20).map((f) => ({ path: f.path, content: Buffer.concat([f.content, Buffer.from('More.\n')]) })), ...Array.from({ length: 20 }, (_, i) => ({ path: `bulk/q-${i}.md`, content: Buffer.from(`# Q ${i}\n`) }))];
    await s.c.pages.importPages(SYSTEM_ACTOR, brainId, second);
    const two = feed().slice(40);
    assert.equal(two.length, 40);
    two.forEach((r, i) => assert.equal(r.seq, two[0]!.seq + i));
    assert.deepEqual(Object.fromEntries(two.map((r) => [r.path, r.version])), Object.fromEntries(second.map((f) => [f.path, f.path.startsWith('bulk/p-') ? 2 : 1])));
    assert.equal(s.c.pageIndex.countPages(brainId), 60);
    assert.deepEqual(events().slice(40), two.map((r) => ({ type: 'page.put', path: r.path, version: r.version, page_seq: r.seq })));
  });

  it('the bulk feed statement writes what one statement a row writes: puts, moves, deletes, two members, a writer ref, a muted member', async () => {
    // The same two transactions into two brains, once with the bulk statement and once with it
    // switched off (the per-row path PostgreSQL and small commits take); seqs taken from the first.
    type Repo = { stmts: { changes: unknown } };
    const repo = s.c.pageIndex as unknown as Repo;
    const run = async (slug: string, perRow: boolean) => {
      await s.c.brains.create(SYSTEM_ACTOR, { slug });
      const brainId = s.c.access.findBrain(slug)!.id;
      const saved = repo.stmts.changes;
      if (perRow) repo.stmts.changes = null;
      // The first member's events are muted (written before the mute's cut-off), the others' are not.
      s.c.db.prepare('INSERT INTO brain_event_mutes (brain_id, before) VALUES (?, ?)').run(brainId, '2020-06-01');
      try {
        const tx = (f: () => void) => (s.c.db as unknown as { transaction(f: () => void): () => void }).transaction(f)();
        const stamp = (n: number, at: string) => ({ commit: `c${n}`, at, byName: 'Zoë "x" \u2028', byRef: n % 2 ? `ref\u0000${n}` : null });
        const puts = Array.from({ length: 30 }, (_, i) => ({ op: 'put' as const, path: `n/é-${i} 😀.md`, markdown: `# T${i}\n` }));
        const out: Array<{ seq: number }> = [];
        tx(() => {
          const groups = s.c.pageIndex.applyGroup(brainId, [
            { stamp: stamp(1, '2020-01-01'), entries: puts },
            { stamp: stamp(2, '2021-01-01'), entries: puts.slice(0, 20).map((e) => ({ ...e, markdown: `${e.markdown}x` })) },
          ]);
          out.push(...groups.flat());
        });
        const second = [
          ...Array.from({ length: 10 }, (_, i) => ({ op: 'move' as const, fromPath: `n/é-${i} 😀.md`, path: `m/${i}.md`, markdown: `# M${i}\n` })),
          ...Array.from({ length: 10 }, (_, i) => ({ op: 'delete' as const, path: `n/é-${i + 10} 😀.md` })),
          { op: 'delete' as const, path: 'n/never.md' },
        ];
        tx(() => {
          out.push(...s.c.pageIndex.apply(brainId, stamp(3, '2022-01-01'), second));
        });
        const feed = s.c.db
          .prepare('SELECT seq, op, path, from_path, version, typeof(version) AS tv, commit_oid, at, by_name, by_ref FROM page_changes WHERE brain_id = ? ORDER BY seq')
          .all(brainId) as Array<{ seq: number }>;
        const events = s.c.db.prepare('SELECT type, path, from_path, version, commit_oid, by_name, page_seq, at FROM brain_events WHERE brain_id = ? ORDER BY seq').all(brainId) as Array<{ page_seq: number }>;
        // What the index answers for each change (the change bus and webhooks take these seqs) is the row's seq.
        assert.deepEqual(out.map((c) => c.seq), feed.map((r) => r.seq));
        const base = feed[0]!.seq;
        return {
          feed: feed.map((r) => ({ ...r, seq: r.seq - base })),
          events: events.map((r) => ({ ...r, page_seq: r.page_seq - base })),
          answered: out.map((c) => ({ ...c, seq: c.seq - base })),
        };
      } finally {
        repo.stmts.changes = saved;
      }
    };
    const bulk = await run('feed-parity-bulk', false);
    const perRow = await run('feed-parity-row', true);
    assert.equal(bulk.feed.length, 30 + 20 + 10 + 10);
    assert.equal(bulk.events.length, 20 + 10 + 10, 'the muted member has no events');
    assert.deepEqual(bulk.feed, perRow.feed);
    assert.deepEqual(bulk.events, perRow.events);
    assert.deepEqual(bulk.answered, perRow.answered);
  });

  it('a link never resolved is refused by storeLinks, not stored as wanted', () => {
    const one = s.c.db.prepare('SELECT from_page_id AS pageId, target_id AS targetId FROM search_links LIMIT 1').get() as { pageId: number; targetId: number };
    const link = { ...one, ordinal: 99_999, key: 'x', prefix: 'x', from: 'notes/x.md', kind: 'wiki', heading: null, line: 1, type: '' };
    assert.throws(() => storeLinks(s.c.db, [link]), /not resolved/);
    const stored = () => s.c.db.prepare('SELECT COUNT(*) FROM search_links WHERE from_page_id = ? AND ordinal = 99999').pluck().get(one.pageId);
    assert.equal(stored(), 0);
    // Resolved (here: wanted, null), it is stored.
    s.c.db.transaction(() => {
      storeLinks(s.c.db, [{ ...link, to: null }]);
      assert.equal(stored(), 1);
      s.c.db.prepare('DELETE FROM search_links WHERE from_page_id = ? AND ordinal = 99999').run(one.pageId);
    })();
  });

  it("a first import resolves its links against the names it holds as the index's own names would (a brain with a page before the import gets the same links)", async () => {
    const owner = { ownerUserId: s.c.identity.users()[0]!.id };
    // Names that collide across folders (nearest folder wins), aliases, relative links, wanted links,
    // and a page named like another page's alias.
    const files = [
      ...Array.from({ length: 60 }, (_, i) => page(i)),
      { path: 'people/item-61.md', content: Buffer.from('# alias-3\n\nNamed like an alias: [[alias-3]], [[Item 2]], [[item-4]], [[./item-7]].\n') },
      { path: 'deep/a/Item 2.md', content: Buffer.from('# Item 2\n\nA second Item 2: [[Item 2]], [[Item 5]] and [[Seed]].\n') },
    ];
    const seed = { path: 'seed.md', markdown: '---\naliases: [Item 9]\n---\n# Seed\n\n[[Item 1]] and [[deep/a/Item 2]].\n' };
    const fresh = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'first-import', name: 'first import' }, owner)).id;
    const seeded = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'seeded-import', name: 'seeded import' }, owner)).id;
    // The fresh brain's import is its first batch (no names, no links stored); the seeded brain's is not.
    await s.c.pages.importPages(SYSTEM_ACTOR, fresh, files);
    await s.c.pages.put(SYSTEM_ACTOR, fresh, seed);
    await s.c.pages.put(SYSTEM_ACTOR, seeded, seed);
    await s.c.pages.importPages(SYSTEM_ACTOR, seeded, files);
    const resolved = (brainId: string) => {
      const { links, targets, keys } = snapshot(brainId) as { links: unknown[]; targets: unknown[]; keys: unknown[] };
      return { links, targets, keys };
    };
    const a = resolved(fresh) as { links: Array<{ from_path: string; target: string; to_path: string | null }> };
    assert.deepEqual(resolved(seeded), a);
    const to = (from: string, target: string) => a.links.find((l) => l.from_path === from && l.target === target)?.to_path;
    assert.equal(to('deep/a/Item 2.md', 'Item 5'), 'notes/item-5.md');
    assert.equal(to('deep/a/Item 2.md', 'Item 2'), 'deep/a/Item 2.md', 'the nearest of two pages of one name');
    assert.equal(to('notes/item-2.md', 'missing-2'), null);
    // Before the seed page was written the fresh brain's links to it were wanted; they resolve now.
    assert.equal(to('deep/a/Item 2.md', 'Seed'), 'seed.md');
  });

  it('a first import takes a page of many aliases, repeated ones once, as a brain with names before it does', async () => {
    const owner = { ownerUserId: s.c.identity.users()[0]!.id };
    // 5,000 aliases, every tenth written twice (once in other case): the first batch's in-memory
    // names keep one per key and kind, as INSERT OR IGNORE keeps one row.
    const aliases = Array.from({ length: 5_000 }, (_, i) => `Alias ${i}`);
    const listed = [...aliases, ...aliases.filter((_, i) => i % 10 === 0).map((a) => a.toUpperCase())];
    const many = { path: 'many.md', content: Buffer.from(`---\naliases: [${listed.map((a) => JSON.stringify(a)).join(', ')}]\n---\n# Many\n\nSee [[Alias 10]].\n`) };
    const linker = { path: 'linker.md', content: Buffer.from('# Linker\n\n[[ALIAS 20]], [[alias 4999]] and [[Alias 5000]].\n') };
    const fresh = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'aliases-first', name: 'aliases first' }, owner)).id;
    const seeded = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'aliases-seeded', name: 'aliases seeded' }, owner)).id;
    await s.c.pages.put(SYSTEM_ACTOR, seeded, { path: 'seed.md', markdown: '# Seed\n' });
    await s.c.pages.importPages(SYSTEM_ACTOR, fresh, [many, linker]);
    await s.c.pages.importPages(SYSTEM_ACTOR, seeded, [many, linker]);
    const named = (brainId: string) => {
      const { links, keys } = snapshot(brainId) as { links: Array<{ from_path: string; target: string; to_path: string | null }>; keys: Array<{ path: string }> };
      return { links, keys: keys.filter((k) => k.path !== 'seed.md') };
    };
    const a = named(fresh);
    assert.deepEqual(named(seeded), a);
    assert.ok(a.keys.filter((k) => k.path === 'many.md').length >= 5_000);
    const to = (target: string) => a.links.find((l) => l.from_path === 'linker.md' && l.target === target)?.to_path;
    assert.equal(to('ALIAS 20'), 'many.md');
    assert.equal(to('alias 4999'), 'many.md');
    assert.equal(to('Alias 5000'), null);
  });

  it("a first import's names and links are those a brain with names before it stores: a page put twice, moved and deleted within the batch", async () => {
    // Two brains get the same group of two members in one transaction; one of them held a page (so
    // names) before, the other none (its batch's names wait for flush, in key order).
    const tx = (f: () => void) => (s.c.db as unknown as { transaction(f: () => void): () => void }).transaction(f)();
    const stamp = (n: number) => ({ commit: `c${n}`, at: `2024-01-0${n}`, byName: 'test', byRef: null });
    const puts = Array.from({ length: 40 }, (_, i) => ({
      op: 'put' as const,
      path: `${['a', 'b/c', ''][i % 3]}${i % 3 === 2 ? '' : '/'}Page ${i}.md`,
      markdown: `---\naliases: [Alias ${i % 7}, alias ${i % 7}]\n---\n# Title ${i % 9}\n\n[[Page ${(i + 1) % 40}]] [[Alias ${i % 5}]] [[Title 3]] [[b/c/Page ${i}]]\n`,
    }));
    const second = [
      ...puts.slice(0, 10).map((e) => ({ ...e, markdown: `# Again ${e.path}\n\n[[Page 12]] [[Alias 2]]\n` })),
      ...puts.slice(10, 15).map((e, i) => ({ op: 'move' as const, fromPath: e.path, path: `moved/Page ${i}.md`, markdown: `# Moved ${i}\n\n[[Title 4]]\n` })),
      ...puts.slice(15, 20).map((e) => ({ op: 'delete' as const, path: e.path })),
    ];
    const run = async (slug: string, seed: boolean) => {
      const brainId = (await s.c.brains.create(SYSTEM_ACTOR, { slug })).id;
      if (seed) await s.c.pages.put(SYSTEM_ACTOR, brainId, { path: 'zz/seed.md', markdown: '# Seed\n' });
      tx(() => void s.c.pageIndex.applyGroup(brainId, [{ stamp: stamp(1), entries: puts }, { stamp: stamp(2), entries: second }]));
      const { links, targets, keys } = snapshot(brainId) as { links: unknown[]; targets: unknown[]; keys: Array<{ path: string }> };
      return { links, targets, keys: keys.filter((k) => k.path !== 'zz/seed.md') };
    };
    const first = await run('names-at-flush', false);
    const seeded = await run('names-as-they-come', true);
    assert.deepEqual(first, seeded);
    assert.ok(first.keys.some((k) => k.path === 'moved/Page 0.md'));
    assert.ok(!first.keys.some((k) => k.path === puts[15]!.path), 'a page deleted in the batch keeps no name');
  });

  it('a deleted brain takes its links and link targets with it (links name pages by id, not the brain)', async () => {
    const other = (await s.c.brains.create(SYSTEM_ACTOR, { slug: 'gone', name: 'gone' }, { ownerUserId: s.c.identity.users()[0]!.id })).id;
    await s.c.pages.importPages(SYSTEM_ACTOR, other, [page(1), page(2)]);
    const count = (sql: string) => s.c.db.prepare(sql).pluck().get() as number;
    const links = count('SELECT COUNT(*) FROM search_links');
    const mine = count(`SELECT COUNT(*) FROM search_links l JOIN pages p ON p.id = l.from_page_id WHERE p.brain_id = '${other}'`);
    assert.ok(mine > 0);
    s.c.brainsRepo.delete(other);
    assert.equal(count('SELECT COUNT(*) FROM search_links'), links - mine);
    assert.equal(count(`SELECT COUNT(*) FROM search_link_targets WHERE brain_id = '${other}'`), 0);
  });
});
