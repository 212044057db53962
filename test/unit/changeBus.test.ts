// The in-process change bus (SQLite): what a publish delivers, per-topic versions, resync semantics
// shared with the PostgreSQL bus, and the payload format the PostgreSQL triggers send.
import assert from 'node:assert/strict';
import { LocalChangeBus, changeVersion, attachChangeBus, openChangeBus, parseNotice, type ChangeNotice } from '../../src/storage/changeBus.js';
import { openDatabase } from '../../src/storage/sqlite/database.js';

describe('LocalChangeBus', () => {
  it('delivers a publish to every subscriber after the publishing call, and bumps only its topic', async () => {
    const bus = new LocalChangeBus();
    const a: ChangeNotice[] = [];
    const b: ChangeNotice[] = [];
    bus.subscribe((n) => a.push(n));
    const stopB = bus.subscribe((n) => b.push(n));
    const before = { config: bus.version('config'), index: bus.version('index') };
    const published = bus.publish('config', 'brains');
    assert.equal(a.length, 0, 'not inside the publishing call');
    await published;
    assert.deepEqual(a, [{ kind: 'change', topic: 'config', detail: 'brains' }]);
    assert.deepEqual(b, a);
    assert.equal(bus.version('config'), before.config! + 1);
    assert.equal(bus.version('index'), before.index);
    stopB();
    await bus.publish('schema', 'brain-1');
    assert.equal(a.length, 2);
    assert.equal(b.length, 1, 'an unsubscribed listener hears nothing more');
    assert.equal(bus.live, true);
  });

  it('a throwing subscriber does not keep the notice from the others', async () => {
    const bus = new LocalChangeBus();
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((n) => heard.push(n.kind));
    await bus.publish('events');
    assert.deepEqual(heard, ['change']);
  });

  it('says nothing after close', async () => {
    const bus = new LocalChangeBus();
    const heard: ChangeNotice[] = [];
    bus.subscribe((n) => heard.push(n));
    await bus.close();
    await bus.publish('events');
    assert.deepEqual(heard, []);
  });

  it('on SQLite openChangeBus is in process and attaches nothing (the caches keep PRAGMA data_version)', () => {
    const db = openDatabase(':memory:');
    try {
      const bus = openChangeBus(db, null);
      assert.ok(bus instanceof LocalChangeBus);
      assert.equal(changeVersion(db, 'config'), null);
      attachChangeBus(db, bus);
      assert.equal(changeVersion(db, 'config'), bus.version('config'));
    } finally {
      db.close();
    }
  });

  it('reads the payloads the PostgreSQL triggers send', () => {
    assert.deepEqual(parseNotice('config:credentials'), { kind: 'change', topic: 'config', detail: 'credentials' });
    assert.deepEqual(parseNotice('events'), { kind: 'change', topic: 'events', detail: '' });
    assert.deepEqual(parseNotice('schema:b:1'), { kind: 'change', topic: 'schema', detail: 'b:1' });
    assert.equal(parseNotice('other'), null);
    assert.equal(parseNotice(undefined), null);
  });
});
