// A PDF attachment whose text extraction fails (filesService, migration 036): the reason is stored
// with the file version; a failure that is not the file's (here its parser library will not load,
// really: the extraction threads cannot import unpdf) is tried again with growing waits and at the
// next start, and read_file says so; a damaged PDF stays failed with that message and is not tried
// again. Real server, real SQLite file, real extraction threads, MCP over HTTP.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli, serverState, spawnServer } from '../helpers/cli.js';
import { makePdf } from '../helpers/documents.js';
import { apiRequest, startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { databaseFile } from '../../src/storage/sqlite/database.js';

const DAMAGED = 'The text of this PDF could not be extracted: the file is damaged, encrypted or not a PDF the parser can read. Its bytes are kept and served as uploaded.';
const PAST = '2000-01-01T00:00:00.000Z';

/**
 * A preload that makes `unpdf` fail to import, as on an installation without it: node's `--require`
 * runs it in every thread of the server process, the extraction threads too (`--import` does not
 * reach worker threads on Node 20), and it registers a resolve hook that refuses the package.
 */
function noPdfParserPreload(dir: string): string {
  const file = path.join(dir, 'no-unpdf.cjs');
  const hook = `export async function resolve(s, c, next) { if (s === 'unpdf') throw new Error('unpdf is not installed (test)'); return next(s, c); }`;
  fs.writeFileSync(file, `require('node:module').register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`);
  return file;
}

interface TextRow {
  text_status: string | null;
  text_error: string | null;
  text_attempts: number;
  text_retry_at: string | null;
}

describe('PDF attachments whose text extraction fails: the reason stored, retried only when not the file\'s fault', function () {
  this.timeout(180_000);
  const dir = tempDir();
  const data = path.join(dir, 'data');
  let s: TestServer | null = null;

  const start = async () => {
    s = await startTestServer({ BRAINKEEP_DATA: data });
    at = inProcess();
  };
  const stop = async () => {
    await s?.stop();
    s = null;
  };
  after(async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The server under test: in this process (s), or a child process (its URL and tokens). */
  let at: { url: string; write: string; read: string } | null = null;
  const inProcess = () => ({ url: s!.url, write: s!.credential('Write'), read: s!.credential('Read') });
  const put = async (p: string, bytes: Buffer) => {
    const r = await apiRequest(at!.url, 'PUT', `/api/v1/brains/main/files?path=${encodeURIComponent(p)}`, { token: at!.write, rawBody: bytes, headers: { 'content-type': 'application/pdf' } });
    assert.equal(r.status, 201, r.text);
  };
  const ROW = 'SELECT text_status, text_error, text_attempts, text_retry_at FROM files WHERE path = ? AND deleted = 0';
  const row = (p: string) => s!.c.db.prepare(ROW).get(p) as TextRow;
  const pass = async () => {
    s!.c.files.indexText();
    await s!.c.files.textIndexed();
  };
  /** MCP read_file: the text item and the structured content. */
  const readFile = async (p: string) => {
    const client = new Client({ name: 'text-failures-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${at!.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${at!.read}` } } }));
    try {
      const r = await client.callTool({ name: 'read_file', arguments: { brain: 'main', path: p } });
      assert.ok(!r.isError, JSON.stringify(r));
      const items = r.content as Array<{ type: string; text: string }>;
      return { text: items[0]!.text, items, facts: r.structuredContent as { textStatus?: string; textError?: string } };
    } finally {
      await client.close();
    }
  };

  it('a PDF whose parser will not load: the reason stored, read_file says when it is tried again, due retries wait longer each time and end, and the next start extracts it', async () => {
    fs.mkdirSync(data);
    const server = await spawnServer({ BRAINKEEP_DATA: data, BRAINKEEP_FSYNC: 'off' }, { nodeArgs: ['--require', noPdfParserPreload(dir)] });
    const db = new Database(databaseFile(data));
    try {
      db.pragma('busy_timeout = 10000');
      const token = (role: string) => {
        const r = runCli(['credential', 'create', '--brain', 'main', '--role', role, '--label', `text-${role}`], { BRAINKEEP_DATA: data });
        assert.equal(r.code, 0, r.stderr);
        return r.stdout;
      };
      at = { url: server.url, write: token('Write'), read: token('Read') };
      const fileRow = () => db.prepare(ROW).get('docs/airship.pdf') as TextRow;
      await put('docs/airship.pdf', makePdf(['The airship mooring schedule']));

      // read_file runs the extraction (or shares the indexer's) and tells the stored reason and when
      // it is tried again, not that the file is damaged.
      const told = await readFile('docs/airship.pdf');
      const first = fileRow();
      assert.equal(first.text_status, 'failed', serverState(server));
      assert.match(first.text_error ?? '', /^Text extraction is unavailable: the unpdf parser could not be loaded \(.*unpdf is not installed \(test\).*\)\. The file is kept\.$/);
      assert.equal(first.text_attempts, 1);
      assert.ok(first.text_retry_at, 'a retry is timed');
      assert.equal(told.text, '');
      assert.equal(told.facts.textStatus, 'failed');
      assert.equal(told.facts.textError, `${first.text_error} This may not be the file's fault: its text is extracted again after ${first.text_retry_at} (one attempt so far).`);
      assert.equal(told.items[1]!.text, `No text: ${told.facts.textError}`);
      await readFile('docs/airship.pdf');
      assert.equal(fileRow().text_attempts, 1, 'read_file does not try before the retry is due');

      // The retry time comes (moved back, not waited for): read_file tries again, and after this
      // failure the wait is longer (10 minutes after the first's 1).
      db.prepare('UPDATE files SET text_retry_at = ? WHERE path = ?').run(PAST, 'docs/airship.pdf');
      await readFile('docs/airship.pdf');
      const second = fileRow();
      assert.equal(second.text_attempts, 2);
      assert.ok(Date.parse(second.text_retry_at!) - Date.parse(first.text_retry_at!) > 9 * 60_000, `${first.text_retry_at} then ${second.text_retry_at}`);

      // The last of the retries: after it the file waits for the next start, and read_file says so.
      db.prepare('UPDATE files SET text_attempts = 3, text_retry_at = ? WHERE path = ?').run(PAST, 'docs/airship.pdf');
      const last = await readFile('docs/airship.pdf');
      const spent = fileRow();
      assert.equal(spent.text_attempts, 4);
      assert.equal(spent.text_retry_at, null);
      assert.equal(last.facts.textError, `${spent.text_error} This may not be the file's fault: after 4 attempts, its text is extracted again when the server next starts.`);
    } finally {
      db.close();
      if (server.child.exitCode === null && server.child.signalCode === null) {
        const exited = new Promise((r) => server.child.once('exit', r));
        server.child.kill('SIGTERM');
        await exited;
      }
    }

    // The next start, with the parser there: the file is extracted and searchable.
    await start();
    await s!.c.files.textIndexed();
    assert.deepEqual(row('docs/airship.pdf'), { text_status: 'extracted', text_error: null, text_attempts: 0, text_retry_at: null });
    const read = await readFile('docs/airship.pdf');
    assert.match(read.text, /airship mooring schedule/);
    assert.equal(read.facts.textStatus, 'extracted');
    assert.equal(read.facts.textError, undefined);
    const hit = await s!.request('GET', '/api/v1/brains/main/search?q=mooring&mode=exact', { token: at!.read });
    assert.ok(hit.body.hits.some((h: { path: string }) => h.path === 'docs/airship.pdf'), hit.text);
  });

  it('a damaged PDF stays failed with the damaged message, and is not tried again, not even at a start', async () => {
    if (!s) await start();
    const broken = Buffer.from('%PDF-1.4\nnot really a pdf at all\n%%EOF\n');
    await put('docs/broken.pdf', broken);
    await s!.c.files.textIndexed();
    assert.deepEqual(row('docs/broken.pdf'), { text_status: 'failed', text_error: DAMAGED, text_attempts: 0, text_retry_at: null });
    const read = await readFile('docs/broken.pdf');
    assert.equal(read.text, '');
    assert.equal(read.facts.textStatus, 'failed');
    assert.equal(read.facts.textError, DAMAGED);

    const extraction = s!.c.extraction;
    const extract = extraction.extract;
    let calls = 0;
    extraction.extract = function (...args: Parameters<typeof extract>) {
      if (args[0].equals(broken)) calls++;
      return extract.apply(this, args);
    };
    try {
      // What a start does (container.recover), then a pass and a read.
      s!.c.files.resumeText();
      await s!.c.files.textIndexed();
      await pass();
      await readFile('docs/broken.pdf');
      assert.equal(calls, 0);
    } finally {
      extraction.extract = extract;
    }
    assert.deepEqual(row('docs/broken.pdf'), { text_status: 'failed', text_error: DAMAGED, text_attempts: 0, text_retry_at: null });
  });

  it('a retry runs by itself when its time comes: the indexer times a pass for the earliest', async () => {
    if (!s) await start();
    await put('docs/timed.pdf', makePdf(['The dirigible timetable']));
    await s!.c.files.textIndexed();
    // As a failure not the file's would leave it, due a moment from now.
    const id = s!.c.db.prepare("SELECT id FROM files WHERE path = 'docs/timed.pdf'").pluck().get() as number;
    s!.c.db.prepare('DELETE FROM file_text WHERE rowid = ?').run(id);
    const soon = new Date(Date.now() + 2000).toISOString();
    s!.c.db.prepare("UPDATE files SET text_status = 'failed', text_error = 'Text extraction stopped: the parser exited (code 1). The file is kept.', text_attempts = 1, text_retry_at = ? WHERE id = ?").run(soon, id);
    await pass(); // nothing pending or due yet: the pass ends and times the retry
    assert.equal(row('docs/timed.pdf').text_status, 'failed');
    for (let i = 0; i < 200 && row('docs/timed.pdf').text_status !== 'extracted'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await s!.c.files.textIndexed();
    }
    assert.deepEqual(row('docs/timed.pdf'), { text_status: 'extracted', text_error: null, text_attempts: 0, text_retry_at: null });
  });

  it('a file read_file extracted while a pass was busy with another of its batch is not parsed again by that pass', async () => {
    if (!s) await start();
    const files = s!.c.files;
    const extraction = s!.c.extraction;
    const extract = extraction.extract;
    const first = makePdf(['The first balloon of the batch']);
    const second = makePdf(['The second balloon of the batch']);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let onFirst = () => {};
    const reached = new Promise<void>((r) => (onFirst = r));
    let secondRuns = 0;
    extraction.extract = async function (...args: Parameters<typeof extract>) {
      if (args[0].equals(first)) {
        onFirst();
        await held;
      }
      if (args[0].equals(second)) secondRuns++;
      return extract.apply(this, args);
    };
    // The uploads leave both pending, so that one pass takes them in one batch.
    files.indexText = () => {};
    try {
      await put('batch/first.pdf', first);
      await put('batch/second.pdf', second);
      delete (files as Partial<Pick<typeof files, 'indexText'>>).indexText;
      files.indexText();
      await reached; // the pass holds both and is parsing the first
      assert.match((await readFile('batch/second.pdf')).text, /second balloon/);
      release();
      await files.textIndexed();
      assert.equal(secondRuns, 1);
      assert.equal(row('batch/first.pdf').text_status, 'extracted');
    } finally {
      release();
      extraction.extract = extract;
      delete (files as Partial<Pick<typeof files, 'indexText'>>).indexText;
    }
  });

  it('a failure a server of an earlier version stored, with no reason, says so (not "damaged") and is tried at the next start', async () => {
    if (!s) await start();
    await put('docs/older.pdf', makePdf(['The older blimp log']));
    await s!.c.files.textIndexed();
    const id = s!.c.db.prepare("SELECT id FROM files WHERE path = 'docs/older.pdf'").pluck().get() as number;
    s!.c.db.prepare('DELETE FROM file_text WHERE rowid = ?').run(id);
    s!.c.db.prepare("UPDATE files SET text_status = 'failed', text_error = NULL, text_attempts = 0, text_retry_at = NULL WHERE id = ?").run(id);
    assert.equal(
      (await readFile('docs/older.pdf')).facts.textError,
      'The text of this PDF could not be extracted, and the reason was not recorded (by a server of an earlier version). It is tried again when the server next starts.',
    );
    s!.c.files.resumeText(); // what a start does
    await s!.c.files.textIndexed();
    assert.equal(row('docs/older.pdf').text_status, 'extracted');
  });

  it('migration 036 on a database file with failed rows (no reason kept): the next start extracts the readable one and gives the damaged one its reason', async () => {
    if (!s) await start();
    await put('old/readable.pdf', makePdf(['The zeppelin hangar keys']));
    await put('old/damaged.pdf', Buffer.from('%PDF-1.4\nnot a pdf either\n%%EOF\n'));
    await s!.c.files.textIndexed();
    await stop();
    // The data folder as the code before 036 left it: the readable PDF failed for good (its parser
    // missing at the time), the damaged one too, and no column to say why.
    const db = new Database(databaseFile(data));
    try {
      const id = db.prepare("SELECT id FROM files WHERE path = 'old/readable.pdf'").pluck().get() as number;
      db.prepare('DELETE FROM file_text WHERE rowid = ?').run(id);
      db.prepare("UPDATE files SET text_status = 'failed' WHERE path IN ('old/readable.pdf', 'old/damaged.pdf')").run();
      db.exec('DROP INDEX files_text_retry');
      for (const column of ['text_error', 'text_attempts', 'text_retry_at']) db.exec(`ALTER TABLE files DROP COLUMN ${column}`);
      db.prepare('DELETE FROM schema_migrations WHERE version = 36').run();
      db.pragma('user_version = 35');
    } finally {
      db.close();
    }
    await start();
    await s!.c.files.textIndexed();
    assert.equal(s!.c.db.prepare('SELECT COUNT(*) FROM schema_migrations WHERE version = 36').pluck().get(), 1);
    assert.deepEqual(row('old/readable.pdf'), { text_status: 'extracted', text_error: null, text_attempts: 0, text_retry_at: null });
    assert.match((await readFile('old/readable.pdf')).text, /zeppelin hangar keys/);
    assert.deepEqual(row('old/damaged.pdf'), { text_status: 'failed', text_error: DAMAGED, text_attempts: 0, text_retry_at: null });
    assert.equal((await readFile('old/damaged.pdf')).facts.textError, DAMAGED);
  });

  it('a shutdown in the middle of an extraction spends no attempt: the row stays waiting, and the next start extracts it', async () => {
    if (!s) await start();
    const pdf = makePdf(['The aerostat shutdown drill']);
    const extraction = s!.c.extraction;
    const extract = extraction.extract;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let onReached = () => {};
    const reached = new Promise<void>((r) => (onReached = r));
    // The extraction threads stopping under the pass, as the pool does when the server closes.
    extraction.extract = async function (...args: Parameters<typeof extract>) {
      if (!args[0].equals(pdf)) return extract.apply(this, args);
      onReached();
      await held;
      return { text: '', status: 'failed', reason: 'Text extraction stopped: the parser thread ended (test). The file is kept.', transient: true };
    };
    try {
      await put('docs/shutdown.pdf', pdf);
      await reached; // the indexer's pass is parsing it
      const closing = s!.c.files.close();
      release();
      await closing;
      assert.deepEqual(row('docs/shutdown.pdf'), { text_status: null, text_error: null, text_attempts: 0, text_retry_at: null });
    } finally {
      release();
      extraction.extract = extract;
    }
    await stop();
    await start();
    await s!.c.files.textIndexed();
    assert.deepEqual(row('docs/shutdown.pdf'), { text_status: 'extracted', text_error: null, text_attempts: 0, text_retry_at: null });
    assert.match((await readFile('docs/shutdown.pdf')).text, /aerostat shutdown drill/);
  });
});
