// Issue 21, item 4: X-Forwarded-For is believed only as far as BRAINKEEP_TRUST_PROXY says (by
// default not at all), and the sign-in throttle counts the account as well as the address, so a
// spoofed header never buys a fresh budget of password guesses.
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { LoginThrottle } from '../../src/services/sessionService.js';
import { browser, form, hiddenField } from '../helpers/oauth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'correct horse battery staple';

/** One sign-in attempt through the real form, with an X-Forwarded-For header of our choosing. */
async function signInFrom(s: TestServer, email: string, password: string, forwardedFor: string): Promise<number> {
  const b = browser();
  const page = await (await b.fetch(`${s.url}/login`, { headers: { 'x-forwarded-for': forwardedFor } })).text();
  const init = form({ _csrf: hiddenField(page, '_csrf'), next: '/', email, password });
  return (await b.fetch(`${s.url}/login`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': forwardedFor } })).status;
}

describe('security: trusted proxies and the sign-in throttle', () => {
  describe('BRAINKEEP_TRUST_PROXY', () => {
    it('defaults to trusting no proxy; takes a hop count or a list of addresses and CIDR ranges', () => {
      assert.equal(loadConfig({}).trustProxy, false);
      assert.equal(loadConfig({ BRAINKEEP_TRUST_PROXY: 'false' }).trustProxy, false);
      assert.equal(loadConfig({ BRAINKEEP_TRUST_PROXY: '0' }).trustProxy, false);
      assert.equal(loadConfig({ BRAINKEEP_TRUST_PROXY: '2' }).trustProxy, 2);
      // `true` used to trust every hop (the leftmost, client-chosen address won); now it is one hop.
      assert.equal(loadConfig({ BRAINKEEP_TRUST_PROXY: 'true' }).trustProxy, 1);
      assert.deepEqual(loadConfig({ BRAINKEEP_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
      assert.throws(() => loadConfig({ BRAINKEEP_TRUST_PROXY: 'proxy.example.com' }), /BRAINKEEP_TRUST_PROXY/);
      assert.throws(() => loadConfig({ BRAINKEEP_TRUST_PROXY: '10.0.0.0/33' }), /BRAINKEEP_TRUST_PROXY/);
    });
  });

  describe('with the default (no proxy trusted)', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer();
      await s.c.identity.createUser({ email: 'carol@example.com', password: PASSWORD }, SYSTEM_ACTOR);
    });
    after(async () => s.stop());

    it('ignores X-Forwarded-For: a new spoofed address per attempt does not reset the budget', async () => {
      for (let i = 0; i < LoginThrottle.MAX_FAILURES; i++) assert.equal(await signInFrom(s, 'carol@example.com', `wrong-${i}`, `198.51.100.${i + 1}`), 401);
      assert.equal(await signInFrom(s, 'carol@example.com', PASSWORD, '198.51.100.200'), 429);
    });
  });

  describe('behind one trusted proxy (BRAINKEEP_TRUST_PROXY=true, now one hop)', () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer({ BRAINKEEP_TRUST_PROXY: 'true' });
      await s.c.identity.createUser({ email: 'dave@example.com', password: PASSWORD }, SYSTEM_ACTOR);
      await s.c.identity.createUser({ email: 'erin@example.com', password: PASSWORD }, SYSTEM_ACTOR);
    });
    after(async () => s.stop());

    it('takes the address the proxy saw, not the leftmost one the client wrote', async () => {
      // The proxy appends the address it saw (203.0.113.7) to whatever the client sent.
      for (let i = 0; i < LoginThrottle.MAX_FAILURES; i++) {
        assert.equal(await signInFrom(s, 'dave@example.com', `wrong-${i}`, `198.51.100.${i + 1}, 203.0.113.7`), 401);
      }
      assert.equal(await signInFrom(s, 'dave@example.com', PASSWORD, '198.51.100.99, 203.0.113.7'), 429);
      // Someone else behind the same proxy, at another address, may still sign in to that account.
      assert.equal(await signInFrom(s, 'dave@example.com', PASSWORD, '203.0.113.8'), 303);
    });

    it('counts failures per account across addresses, so many addresses get no more guesses', async () => {
      let i = 0;
      for (; i < LoginThrottle.MAX_ACCOUNT_FAILURES; i++) {
        // A fresh address for every guess, never more than the per-address maximum from one.
        assert.equal(await signInFrom(s, 'erin@example.com', `wrong-${i}`, `192.0.2.${i + 1}`), 401, `guess ${i}`);
      }
      assert.equal(await signInFrom(s, 'erin@example.com', `wrong-${i}`, '192.0.2.250'), 429);
    });
  });
});
