// withoutFlush (src/storage/sqlite/database.ts): the commits inside run at synchronous=NORMAL and the
// connection's own level comes back afterwards, whatever it was and also on a throw. (SQLite applies
// `PRAGMA synchronous = N` when the statement is compiled, not when it runs: a statement kept and run
// again changes the level only because SQLite compiles it anew, so withoutFlush compiles each time.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, withoutFlush } from '../../src/storage/sqlite/database.js';

describe('withoutFlush', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-noflush-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs at NORMAL and restores each connection’s own level (FULL, EXTRA), also on a throw; NORMAL and OFF are left as they are', () => {
    const a = openDatabase(path.join(dir, 'a.db'), { synchronous: 'FULL' });
    const b = openDatabase(path.join(dir, 'b.db'), { synchronous: 'FULL' });
    try {
      b.pragma('synchronous = EXTRA');
      const level = (db: typeof a) => db.pragma('synchronous', { simple: true }) as number;
      assert.equal(withoutFlush(a, () => level(a)), 1);
      assert.equal(level(a), 2);
      assert.equal(withoutFlush(b, () => level(b)), 1);
      assert.equal(level(b), 3, 'EXTRA back, not the other connection’s FULL');
      assert.throws(() => withoutFlush(a, () => assert.fail('inside')), /inside/);
      assert.equal(level(a), 2, 'restored after a throw');
      // A level changed between calls is read afresh, not remembered.
      a.pragma('synchronous = EXTRA');
      assert.equal(withoutFlush(a, () => level(a)), 1);
      assert.equal(level(a), 3);
      for (const [name, n] of [['NORMAL', 1], ['OFF', 0]] as const) {
        a.pragma(`synchronous = ${name}`);
        assert.equal(withoutFlush(a, () => level(a)), n);
        assert.equal(level(a), n);
      }
    } finally {
      a.close();
      b.close();
    }
  });
});
