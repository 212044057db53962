// The WAL stays bounded: a bulk import ends with a TRUNCATE checkpoint (the WAL file is emptied even
// while another connection holds the database open, so SQLite's delete-on-last-close cannot), and
// `doctor` says what takes the space.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile, WAL_SIZE_LIMIT_BYTES } from '../../src/storage/sqlite/database.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

describe('a bounded WAL', function () {
  this.timeout(180_000);
  let data: string;
  let vault: string;
  before(() => {
    data = tempDir();
    vault = tempDir('brainkeep-wal-vault-');
    const para = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';
    for (let i = 0; i < 600; i++) {
      const dir = path.join(vault, `folder-${i % 12}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `Note ${i}.md`), `# Note ${i}\n\n${para.repeat(30)}\n\nSee [[Note ${(i + 1) % 600}]] and [[folder-${(i + 5) % 12}/Note ${(i + 7) % 600}]].\n`);
    }
  });
  after(() => {
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(vault, { recursive: true, force: true });
  });

  it('is emptied after a bulk import, with another connection open; doctor prints the size of each table', () => {
    assert.equal(runCli(['brain', 'create', '--slug', 'bulk'], { BRAINKEEP_DATA: data }).code, 0);
    const file = databaseFile(data);
    const other = new Database(file); // another process's connection: the importer's close cannot delete the WAL
    try {
      assert.equal(other.pragma('journal_size_limit', { simple: true }), -1, 'a plain connection has no limit of its own');
      assert.equal(other.prepare('SELECT COUNT(*) FROM pages').pluck().get(), 0); // it has the WAL open now
      const r = runCli(['import', '--brain', 'bulk', vault], { BRAINKEEP_DATA: data });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '600');
      assert.equal(other.prepare("SELECT COUNT(*) FROM pages WHERE path LIKE 'folder-%'").pluck().get(), 600);
      const wal = fs.statSync(`${file}-wal`).size;
      assert.equal(wal, 0, `the WAL was truncated after the import (${wal} bytes)`);
      const doctor = runCli(['doctor'], { BRAINKEEP_DATA: data });
      assert.match(doctor.stdout, /^storage: database [\d.]+ MB \([\d.]+ MB free\), WAL [\d.]+ MB, markdown [\d.]+ MB, index\+WAL [\d.]+x the markdown$/m);
      assert.match(doctor.stdout, /^ {2}table pages: [\d.]+ MB/m);
      assert.match(doctor.stdout, /^ {2}table search_links: [\d.]+ MB \(indexes [\d.]+ MB\)/m);
    } finally {
      other.close();
    }
    assert.ok(WAL_SIZE_LIMIT_BYTES <= 64 * 1024 * 1024);
  });
});
