// MCP session limits: each caller (a user whatever its token, the credentials a user created
// counted as that user per brain; a credential no user created alone) holds at most
// BRAINKEEP_MCP_SESSIONS_PER_CALLER sessions, and one more closes that caller's own least recently
// used idle session, never another caller's. The overall cap only refuses newcomers (503).
import assert from 'node:assert/strict';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { McpSubscriptions, MAX_SESSIONS, mcpSubscriptions, SessionLimitError } from '../../src/mcp/subscriptions.js';
import type { Actor } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

describe('MCP session limits', function () {
  this.timeout(60_000);
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ BRAINKEEP_MCP_SESSIONS_PER_CALLER: '3' });
    const r = await s.request('PUT', `/api/v1/brains/${s.mainBrainId}/pages`, { token: s.credential('Write'), body: { path: 'a.md', markdown: '# A\n' } });
    assert.equal(r.status, 201, r.text);
  });
  after(async () => s.stop());

  const post = (token: string, body: unknown, session?: string) =>
    fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `Bearer ${token}`, ...(session ? { 'mcp-session-id': session } : {}) },
      body: JSON.stringify(body),
    });
  const initialize = async (token: string): Promise<Response> =>
    post(token, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'flood', version: '1' } } });
  const open = async (token: string): Promise<string> => {
    const r = await initialize(token);
    assert.equal(r.status, 200, await r.text());
    const id = r.headers.get('mcp-session-id');
    assert.ok(id, 'the initialize reply carries a session id');
    return id;
  };
  /** A subscribe succeeds only on a live session of the caller. */
  const alive = async (token: string, session: string): Promise<boolean> => {
    const r = await post(token, { jsonrpc: '2.0', id: 7, method: 'resources/subscribe', params: { uri: 'brain://main/a.md' } }, session);
    const body = (await r.json()) as { result?: unknown; error?: { message: string } };
    return body.result !== undefined;
  };

  it("one caller's flood closes only its own oldest sessions, never another caller's", async () => {
    const flooder = s.credential('Read', 'main', 'flooder');
    const other = s.credential('Read', 'main', 'other');
    const theirs = await open(other);
    const first = [await open(flooder), await open(flooder), await open(flooder)];
    assert.equal(await alive(flooder, first[0]!), true);
    const later: string[] = [];
    for (let i = 0; i < 20; i++) later.push(await open(flooder));
    const subs = mcpSubscriptions(s.c);
    assert.equal(subs.count(s.c.identity.authenticateBearer(flooder)), 3, 'the flooder holds its cap, no more');
    for (const id of first) assert.equal(await alive(flooder, id), false, 'its oldest sessions made room');
    for (const id of later.slice(-3)) assert.equal(await alive(flooder, id), true, 'its newest sessions live');
    assert.equal(await alive(other, theirs), true, "the other caller's session survived the flood");
  });

  it('evicts the caller\'s idle session before one that has an open stream', async () => {
    const token = s.credential('Read', 'main', 'streamer');
    const streaming = await open(token);
    const ctl = new AbortController();
    const stream = await fetch(`${s.url}/mcp`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'mcp-session-id': streaming }, signal: ctl.signal });
    assert.equal(stream.status, 200);
    const idle1 = await open(token);
    const idle2 = await open(token);
    await open(token); // the cap is 3: one of the idle ones goes, the oldest
    assert.equal(await alive(token, idle1), false, 'the oldest idle session went');
    assert.equal(await alive(token, idle2), true);
    assert.equal(await alive(token, streaming), true, 'the older session with an open stream stayed');
    ctl.abort();
  });

  it('at the overall cap a new session is refused with a clear JSON-RPC error, and no one else loses one', async () => {
    const subs = mcpSubscriptions(s.c);
    const caller = s.credential('Read', 'main', 'late');
    const mine = await open(caller);
    await open(caller);
    await open(caller);
    const fillers: string[] = [];
    for (let i = 0; subs.count() < MAX_SESSIONS; i++) {
      const actor: Actor = { kind: 'system', name: `filler-${i}` };
      fillers.push(subs.open(actor).id);
    }
    try {
      const r = await initialize(s.credential('Read', 'main', 'newcomer'));
      assert.equal(r.status, 503);
      const body = (await r.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      assert.equal(body.id, 1);
      assert.match(body.error.message, /most MCP sessions it may \(10000\)/);
      assert.match(body.error.message, /DELETE \/mcp/);
      assert.equal(subs.count(), MAX_SESSIONS, 'nothing was closed to make room');
      assert.equal(await alive(caller, mine), true, 'an existing session is untouched');
      // A caller at its own cap replaces its own least recently seen session (nothing is added to
      // the total, so the overall cap does not stop it), and no one else loses one.
      const oldestFiller = fillers[0]!;
      const again = await initialize(caller);
      assert.equal(again.status, 200);
      assert.equal(subs.count(s.c.identity.authenticateBearer(caller)), 3);
      assert.equal(subs.count(), MAX_SESSIONS);
      assert.ok(subs.get(oldestFiller, { kind: 'system', name: 'filler-0' }), "another caller's oldest session was kept");
    } finally {
      for (const id of fillers) subs.close(id);
    }
  });

  it('the registry refuses at the overall cap without closing anyone (unit)', () => {
    const subs = new McpSubscriptions(s.c, { maxSessions: 4, perCaller: 2 });
    const a: Actor = { kind: 'system', name: 'a' };
    const b: Actor = { kind: 'system', name: 'b' };
    const c: Actor = { kind: 'system', name: 'c' };
    const a1 = subs.open(a);
    const a2 = subs.open(a);
    const b1 = subs.open(b);
    subs.open(b);
    assert.throws(() => subs.open(c), SessionLimitError);
    assert.equal(subs.count(), 4);
    assert.ok(subs.get(a1.id, a) && subs.get(b1.id, b), 'no one was evicted for the newcomer');
    // At the overall cap a caller at its own cap may still replace its own oldest session: that
    // adds nothing to the total, so no one else is touched.
    // (Times set by hand: sessions opened within one millisecond would tie.)
    a1.seenAt = 1;
    a2.seenAt = 2;
    const a3 = subs.open(a);
    assert.equal(subs.count(a), 2);
    assert.equal(subs.count(), 4);
    assert.ok(subs.get(a3.id, a));
    assert.equal(subs.get(a1.id, a), null, "the caller's own least recently seen made way");
    assert.ok(subs.get(a2.id, a));
    assert.equal(subs.count(b), 2, 'the other caller kept both');
    assert.throws(() => subs.open(c), SessionLimitError, 'a net-new session is still refused');
  });

  it('credentials a user created count as that user on their brain: more credentials buy no more sessions', async () => {
    const owner = s.c.identity.users()[0]!;
    const user = s.c.identity.userActor(owner, 'session');
    const made = (label: string) => s.c.identity.createCredential({ brainId: s.mainBrainId, role: 'Read', label }, user).key;
    const [k1, k2, k3] = [made('laptop'), made('phone'), made('agent')];
    const first = await open(k1);
    const second = await open(k2);
    const third = await open(k3);
    const fourth = await open(k1); // the user's fourth session on this brain: its oldest goes, whichever credential opened it
    const subs = mcpSubscriptions(s.c);
    assert.equal(subs.count(s.c.identity.authenticateBearer(k2)), 3, "the three credentials share their creator's cap");
    assert.equal(await alive(k1, first), false, "the user's oldest session made room");
    assert.equal(await alive(k2, second), true);
    assert.equal(await alive(k1, fourth), true);
    assert.equal(await alive(k2, fourth), false, 'a session still belongs to the credential that opened it');
    // At the shared cap a credential replaces its own session before another credential's older
    // one: k3's session is now the least recently seen, but k1 holds one of its own.
    const fifth = await open(k1);
    assert.equal(await alive(k1, fourth), false, "k1's own session made room");
    assert.equal(await alive(k3, third), true, "another credential's older session is not closed while the opener holds its own");
    assert.equal(await alive(k1, fifth), true);
    // A credential made by no user (the system, the CLI) still counts alone.
    const loner = s.credential('Read', 'main', 'loner');
    await open(loner);
    assert.equal(subs.count(s.c.identity.authenticateBearer(loner)), 1);
    assert.equal(subs.count(s.c.identity.authenticateBearer(k3)), 3);
  });
});
