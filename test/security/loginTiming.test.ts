// Issue 21, item 8: a sign-in does the same password-hash work whether or not the email exists,
// so its timing does not tell an attacker which emails have accounts. Counted at the module
// boundary (every scrypt derivation goes through `passwordKdf.derive`), not timed.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { browser, signIn } from '../helpers/oauth.js';
import { passwordKdf } from '../../src/services/secrets.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

describe('security: login timing does not reveal which emails exist', () => {
  let s: TestServer;
  const real = passwordKdf.derive;
  const costs: Array<{ N: number; r: number; p: number; keylen: number }> = [];
  before(async () => {
    s = await startTestServer();
    await s.c.identity.createUser({ email: 'known@example.com', name: 'Known', password: 'the right password' }, SYSTEM_ACTOR);
    await s.c.identity.createUser({ email: 'nopass@example.com', name: 'No password' }, SYSTEM_ACTOR);
    passwordKdf.derive = (password, salt, keylen, opts) => {
      costs.push({ ...opts, keylen });
      return real(password, salt, keylen, opts);
    };
  });
  after(async () => {
    passwordKdf.derive = real;
    await s.stop();
  });

  async function attempt(email: string, password: string): Promise<{ status: number; derivations: typeof costs }> {
    costs.length = 0;
    const res = await signIn(browser(), s.url, email, password);
    return { status: res.status, derivations: [...costs] };
  }

  it('derives one key of the same cost for an unknown email, a wrong password, a user without a password and the right password', async () => {
    const wrong = await attempt('known@example.com', 'a wrong password');
    const unknown = await attempt('nobody@example.com', 'a wrong password');
    const noPassword = await attempt('nopass@example.com', 'a wrong password');
    const right = await attempt('known@example.com', 'the right password');
    assert.deepEqual([wrong.status, unknown.status, noPassword.status, right.status], [401, 401, 401, 303]);
    assert.equal(right.derivations.length, 1);
    for (const [name, a] of Object.entries({ wrong, unknown, noPassword })) {
      assert.deepEqual(a.derivations, right.derivations, `${name}: the same key derivation as a real check`);
    }
  });
});
