// A bulk index transaction (an import, a whole-vault push, a rebuild) runs with a larger page
// cache so that its dirty pages are not spilled to the WAL mid-transaction (src/storage/sqlite/
// database.ts withBulkCache); the connection's usual cache comes back afterwards, also on a throw,
// and a small write keeps the usual one.
import assert from 'node:assert/strict';
import { openDatabase, withBulkCache } from '../../src/storage/sqlite/database.js';

describe('bulk page cache', () => {
  it('is taken for a bulk transaction only, and given back after it, also when it throws', () => {
    const db = openDatabase(':memory:');
    try {
      const usual = db.pragma('cache_size', { simple: true }) as number;
      assert.ok(usual < 0, 'the cache is sized in KiB');
      const seen = withBulkCache(db, true, () => db.pragma('cache_size', { simple: true }) as number);
      assert.ok(seen < usual, `a bulk transaction has a larger cache (${seen} KiB vs ${usual})`);
      assert.equal(db.pragma('cache_size', { simple: true }), usual);
      assert.equal(withBulkCache(db, false, () => db.pragma('cache_size', { simple: true })), usual);
      const fail = (): never => {
        throw new Error('rolled back');
      };
      assert.throws(() => withBulkCache(db, true, fail), /rolled back/);
      assert.equal(db.pragma('cache_size', { simple: true }), usual);
    } finally {
      db.close();
    }
  });
});
