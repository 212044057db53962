// Pages' markdown packed in the SQLite index (storage/sqlite/pageText.ts, migration 032; issue 28
// "storage that fits"): long pages are stored as a packed BLOB and read back byte for byte in every
// script; short pages stay text; an index written before 032 is packed in place and reads the same;
// the storage report's markdown size is the markdown's, not the packed bytes.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { migrate, openDatabase } from '../../src/storage/sqlite/database.js';
import { PACK_NOTICE_PAGES } from '../../src/storage/sqlite/migrations/032_packed_markdown.js';
import { linkNeedles } from '../../src/domain/moveLinks.js';
import { markdownBytes, PACK_MIN_BYTES, packMarkdown, registerPageTextFunctions, unpackMarkdown } from '../../src/storage/sqlite/pageText.js';
import { sqliteOf, startTestServer, type TestServer } from '../helpers/server.js';

const LONG: Record<string, string> = {
  'notes/garden.md': `# Garden\n\n${'Tomatoes and basil grow well together on a sunny balcony, near [[Herbs]]. '.repeat(40)}\n`,
  'notes/κήπος.md': `# Κήπος\n\n${'Οι ντομάτες και ο βασιλικός μεγαλώνουν μαζί στο μπαλκόνι. '.repeat(40)}\n`,
  'notes/庭.md': `# 庭\n\n${'トマトとバジルは日当たりの良いバルコニーでよく育ちます。[[Herbs]] '.repeat(40)}\n`,
  'notes/emoji.md': `# Emoji\n\n${'🌱 seedlings 🍅 tomatoes 🌿 herbs '.repeat(60)}\n`,
};
const SHORT = { path: 'notes/herbs.md', markdown: '# Herbs\n\nChives and parsley.\n' };

describe('packed markdown in the SQLite index (032)', () => {
  it('packs long text, keeps short text, and unpacks byte for byte', () => {
    for (const md of Object.values(LONG)) {
      const stored = packMarkdown(md);
      assert.ok(Buffer.isBuffer(stored), 'a long page is packed');
      assert.ok(stored.length < Buffer.byteLength(md) / 2, `packed to ${stored.length} of ${Buffer.byteLength(md)} bytes`);
      assert.equal(unpackMarkdown(stored), md);
      assert.equal(markdownBytes(stored), Buffer.byteLength(md));
    }
    assert.equal(packMarkdown(SHORT.markdown), SHORT.markdown);
    assert.equal(unpackMarkdown(SHORT.markdown), SHORT.markdown);
    assert.equal(unpackMarkdown(null), '');
    // The header's length sizes the output and bounds it: a corrupt row throws, it does not inflate
    // without limit or come back short.
    const packed = packMarkdown(LONG['notes/garden.md']!) as Buffer;
    const lying = Buffer.from(packed);
    lying.writeUInt32LE(100, 0);
    assert.throws(() => unpackMarkdown(lying));
    const long = Buffer.from(packed);
    long.writeUInt32LE(packed.readUInt32LE(0) + 1, 0);
    assert.throws(() => unpackMarkdown(long), /header says/);
    assert.throws(() => unpackMarkdown(packed.subarray(0, 2)), /header/);
  });

  it('keeps pages under PACK_MIN_BYTES (1 KiB) as text, packs from it on, and still reads a short page packed by an older build', () => {
    // Issue 29: a deflate call's fixed cost outweighs what it saves on a page under 1 KiB.
    const page = (bytes: number) => `# Note\n\n${'a few words. '.repeat(Math.ceil(bytes / 13))}`.slice(0, bytes);
    assert.equal(PACK_MIN_BYTES, 1024);
    for (const bytes of [600, 1023]) assert.equal(packMarkdown(page(bytes)), page(bytes), `${bytes} bytes stay text`);
    const at = packMarkdown(page(1024));
    assert.ok(Buffer.isBuffer(at), '1,024 bytes are packed');
    assert.equal(unpackMarkdown(at), page(1024));
    // A row of 600 bytes that a build with the 512-byte threshold packed reads as before.
    const raw = Buffer.from(page(600));
    const older = Buffer.concat([Buffer.alloc(4), zlib.deflateRawSync(raw, { level: 1 })]);
    older.writeUInt32LE(raw.length, 0);
    assert.equal(unpackMarkdown(older), page(600));
    assert.equal(markdownBytes(older), 600);
  });

  describe('through a server', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer();
      for (const [p, markdown] of Object.entries(LONG)) await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: p, markdown });
      await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, SHORT);
    });
    after(async () => s?.stop());

    it('stores long pages as BLOBs and serves them, their search snippets and backlinks unchanged', async () => {
      const db = sqliteOf(s.c);
      const types = Object.fromEntries(db.prepare('SELECT path, typeof(markdown) AS t FROM pages').all().map((r) => [(r as { path: string }).path, (r as { t: string }).t]));
      for (const p of Object.keys(LONG)) assert.equal(types[p], 'blob', p);
      assert.equal(types[SHORT.path], 'text');
      const token = s.credential('Read', 'main', 'packed');
      for (const [p, markdown] of Object.entries(LONG)) {
        const res = await s.request('GET', `/api/v1/brains/main/pages?path=${encodeURIComponent(p.replace(/\.md$/, ''))}`, { token });
        assert.equal(res.status, 200, p);
        assert.equal(res.body.markdown, markdown, p);
      }
      const found = await s.c.search.search(SYSTEM_ACTOR, 'main', { q: 'sunny balcony', mode: 'exact' });
      assert.equal(found.hits[0]?.path, 'notes/garden.md');
      assert.match(found.hits[0]?.snippet ?? '', /balcony/);
      const back = s.c.graph.backlinks(SYSTEM_ACTOR, 'main', SHORT.path).backlinks;
      assert.deepEqual(back.map((b) => b.path).sort(), ['notes/garden.md', 'notes/庭.md']);
      assert.match(back.find((b) => b.path === 'notes/garden.md')!.context, /Herbs/);
      // Listings (the page list, the filing name cache) do not read markdown at all; a page read
      // whole unpacks its markdown when it is first read, and reads the same however it is read.
      const listed = s.c.pageIndex.listPages(s.mainBrainId, { afterPath: null, limit: 100 });
      assert.deepEqual(listed.map((r) => r.path).sort(), [...Object.keys(LONG), SHORT.path].sort());
      for (const r of listed) assert.equal('markdown' in r, false, r.path);
      for (const [p, markdown] of Object.entries(LONG)) {
        const page = s.c.pageIndex.getPage(s.mainBrainId, p)!;
        assert.equal({ ...page }.markdown, markdown, p);
        assert.equal(JSON.parse(JSON.stringify(s.c.pageIndex.getPage(s.mainBrainId, p))).markdown, markdown, p);
        assert.equal(s.c.pageIndex.getPage(s.mainBrainId, p)!.markdown, markdown, p);
        assert.equal(listed.find((r) => r.path === p)!.title, page.title);
      }
      const sizes = s.c.opsRepo.storage(null);
      const expected = [...Object.values(LONG), SHORT.markdown].reduce((n, m) => n + Buffer.byteLength(m), 0);
      assert.ok(sizes.markdownBytes >= expected, `markdown ${sizes.markdownBytes} >= ${expected}`);
    });
  });

  it('032 on a big index says what it does on stderr and truncates the WAL it filled', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-packed-big-'));
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    try {
      const file = path.join(dir, 'brainkeep.db');
      const db = openDatabase(file);
      db.pragma('foreign_keys = OFF');
      const insert = db.prepare(
        "INSERT INTO pages (brain_id, path, folder, title, summary, frontmatter, markdown, version, blob_oid, commit_oid, updated_at, updated_by) VALUES ('b1', ?, 'notes', 't', '', '{}', ?, 1, '', '', '', '')",
      );
      const long = Object.values(LONG)[0]!;
      db.transaction(() => {
        for (let i = 0; i < PACK_NOTICE_PAGES; i++) insert.run(`notes/p${i}.md`, `${long}${i}\n`);
      })();
      db.prepare('DELETE FROM schema_migrations WHERE version = 32').run();
      db.pragma('wal_checkpoint(TRUNCATE)');
      process.stderr.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
      try {
        assert.deepEqual(migrate(db), [32]);
      } finally {
        process.stderr.write = write;
      }
      assert.equal(written.length, 2, written.join(''));
      assert.match(written[0]!, new RegExp(`migration 032 packs the markdown of ${PACK_NOTICE_PAGES} pages`));
      assert.match(written[1]!, new RegExp(`packed ${PACK_NOTICE_PAGES} pages in \\d+\\.\\d s`));
      assert.equal(db.prepare("SELECT COUNT(*) FROM pages WHERE typeof(markdown) = 'blob'").pluck().get(), PACK_NOTICE_PAGES);
      // The frames of the rewrite are copied back and the WAL cut to nothing, not left at its size.
      assert.equal(fs.statSync(`${file}-wal`).size, 0);
      assert.equal(unpackMarkdown(db.prepare("SELECT markdown FROM pages WHERE path = 'notes/p7.md'").pluck().get()), `${long}7\n`);
      db.close();
    } finally {
      process.stderr.write = write;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a move finds the packed pages that link to a long page, unpacking each page once, and rewrites them', async () => {
    const s = await startTestServer();
    try {
      const filler = 'Tomatoes and basil grow well together on a sunny balcony. '.repeat(30);
      const moved = 'people/Émile Café.md';
      const linking: Record<string, string> = {
        'notes/wiki.md': `# Wiki\n\n${filler}\nSee [[Émile Café]] about herbs.\n\n${filler}\n`,
        'notes/relative.md': `# Relative\n\n${filler}\nAsk [him](../people/%C3%89mile%20Caf%C3%A9.md) first.\n`,
      };
      const pages: Record<string, string> = { [moved]: `# Émile Café\n\n${filler}\n`, ...linking, 'notes/other.md': `# Other\n\n${filler}\nNo link here.\n` };
      for (const [p, markdown] of Object.entries(pages)) await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: p, markdown });
      const db = sqliteOf(s.c);
      assert.equal((db.prepare("SELECT COUNT(*) FROM pages WHERE typeof(markdown) = 'blob'").pluck().get() as number), 4);
      // Every unpack in SQL is counted: the candidates are found with each page unpacked at most once
      // (each OR term of instr(lower(page_text(markdown)), ?) unpacked the page again).
      let unpacks = 0;
      db.function('page_text', { deterministic: true }, (v: unknown) => (unpacks++, unpackMarkdown(v)));
      try {
        const found = s.c.pageIndex.pagesMentioning(s.mainBrainId, linkNeedles(moved), moved);
        assert.ok(linkNeedles(moved).length >= 2);
        assert.deepEqual(found.map((f) => f.path), Object.keys(linking).sort());
        for (const f of found) assert.equal(f.markdown, linking[f.path]);
        assert.ok(unpacks <= 3, `${unpacks} unpacks for 3 pages`);
      } finally {
        registerPageTextFunctions(db);
      }
      await s.c.pages.move(SYSTEM_ACTOR, s.mainBrainId, { fromPath: moved, toPath: 'people/Émile Zola.md' });
      const wiki = s.c.pageIndex.getPage(s.mainBrainId, 'notes/wiki.md')!.markdown;
      assert.match(wiki, /See \[\[(people\/)?Émile Zola\]\] about herbs/);
      assert.equal(wiki.replace(/\[\[[^\]]*\]\]/, '[[Émile Café]]'), linking['notes/wiki.md']); // the rest byte for byte
      assert.match(s.c.pageIndex.getPage(s.mainBrainId, 'notes/relative.md')!.markdown, /\(\.\.\/people\/%C3%89mile%20Zola\.md\)/);
      assert.equal(s.c.pageIndex.getPage(s.mainBrainId, 'notes/other.md')!.version, 1);
      assert.equal(db.prepare("SELECT typeof(markdown) FROM pages WHERE path = 'notes/wiki.md'").pluck().get(), 'blob');
    } finally {
      await s.stop();
    }
  });

  it('an index written before 032 is packed in place and reads the same', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-packed-'));
    try {
      const file = path.join(dir, 'brainkeep.db');
      const db = openDatabase(file);
      db.pragma('foreign_keys = OFF'); // pages of a brain the test does not create
      const insert = db.prepare(
        "INSERT INTO pages (brain_id, path, folder, title, summary, frontmatter, markdown, version, blob_oid, commit_oid, updated_at, updated_by) VALUES ('b1', ?, 'notes', 't', '', '{}', ?, 1, '', '', '', '')",
      );
      // Rows as the code before 032 wrote them: text.
      for (const [p, markdown] of Object.entries(LONG)) insert.run(p, markdown);
      insert.run(SHORT.path, SHORT.markdown);
      db.prepare('DELETE FROM schema_migrations WHERE version = 32').run();
      assert.ok(migrate(db).includes(32));
      const rows = db.prepare('SELECT path, markdown, typeof(markdown) AS t, page_text(markdown) AS text, page_bytes(markdown) AS bytes FROM pages').all() as Array<{ path: string; markdown: unknown; t: string; text: string; bytes: number }>;
      for (const r of rows) {
        const md = LONG[r.path] ?? SHORT.markdown;
        assert.equal(r.t, r.path === SHORT.path ? 'text' : 'blob', r.path);
        assert.equal(unpackMarkdown(r.markdown), md);
        assert.equal(r.text, md);
        assert.equal(r.bytes, Buffer.byteLength(md));
      }
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
