// Issue 21, item 7: a password change ends the user's other sessions and revokes their OAuth
// tokens (access and refresh), keeping only the session that made the change.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { browser, form, hiddenField, oauthTokens, signIn, tokenRequest, type Browser } from '../helpers/oauth.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const OLD = 'old password 123';
const NEW = 'new password 456';

async function changePassword(b: Browser, base: string, fields: { current: string; new: string; confirm?: string }): Promise<Response> {
  const page = await (await b.fetch(`${base}/account/password`)).text();
  return b.fetch(`${base}/account/password`, form({ _csrf: hiddenField(page, '_csrf'), current: fields.current, new: fields.new, confirm: fields.confirm ?? fields.new }));
}

async function signedIn(b: Browser, base: string): Promise<boolean> {
  const res = await b.fetch(`${base}/account/password`);
  await res.text();
  return res.status === 200;
}

describe('security: a password change revokes the other sessions and OAuth tokens', () => {
  let s: TestServer;
  let n = 0;
  before(async () => {
    s = await startTestServer();
  });
  after(async () => s.stop());

  async function user(): Promise<string> {
    const email = `pw${++n}@example.com`;
    await s.c.identity.createUser({ email, name: 'Pat', password: OLD }, SYSTEM_ACTOR);
    return email;
  }

  it('keeps the changing session, ends every other one, and revokes access and refresh tokens', async () => {
    const email = await user();
    const here = browser();
    const elsewhere = browser();
    assert.equal((await signIn(here, s.url, email, OLD)).status, 303);
    assert.equal((await signIn(elsewhere, s.url, email, OLD)).status, 303);
    const grant = await oauthTokens(s.url, email, OLD);
    assert.equal((await s.request('GET', '/api/v1/brains', { token: grant.access_token })).status, 200);
    assert.ok(await signedIn(elsewhere, s.url));

    const changed = await changePassword(here, s.url, { current: OLD, new: NEW });
    assert.equal(changed.status, 200, await changed.text());

    assert.ok(await signedIn(here, s.url), 'the session that changed the password stays signed in');
    assert.equal(await signedIn(elsewhere, s.url), false, 'another session ends');
    const api = await s.request('GET', '/api/v1/brains', { token: grant.access_token });
    assert.equal(api.status, 401, 'the access token is revoked');
    const mcp = await s.request('POST', '/mcp', {
      token: grant.access_token,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    });
    assert.equal(mcp.status, 401, 'the access token no longer opens /mcp');
    const refreshed = await tokenRequest(s.url, { grant_type: 'refresh_token', client_id: grant.client.client_id, refresh_token: grant.refresh_token });
    assert.equal(refreshed.status, 400);
    assert.equal(refreshed.body.error, 'invalid_grant');

    assert.equal((await signIn(browser(), s.url, email, OLD)).status, 401, 'the old password no longer signs in');
    assert.equal((await signIn(browser(), s.url, email, NEW)).status, 303);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const email = await user();
    const here = browser();
    const elsewhere = browser();
    await signIn(here, s.url, email, OLD);
    await signIn(elsewhere, s.url, email, OLD);
    const grant = await oauthTokens(s.url, email, OLD);
    const refused = await changePassword(here, s.url, { current: 'not the password', new: NEW });
    assert.equal(refused.status, 401);
    const mismatch = await changePassword(here, s.url, { current: OLD, new: NEW, confirm: `${NEW}!` });
    assert.equal(mismatch.status, 400);
    assert.ok(await signedIn(elsewhere, s.url));
    assert.equal((await s.request('GET', '/api/v1/brains', { token: grant.access_token })).status, 200);
    assert.equal((await signIn(browser(), s.url, email, OLD)).status, 303);
  });

  it('a signed-out POST is sent to sign in and changes nothing', async () => {
    const email = await user();
    const res = await browser().fetch(`${s.url}/account/password`, form({ current: OLD, new: NEW, confirm: NEW }));
    assert.equal(res.status, 303);
    assert.match(res.headers.get('location') ?? '', /^\/login\?next=/);
    assert.equal((await signIn(browser(), s.url, email, OLD)).status, 303);
  });

  it('an operator reset (no current session) ends every session and grant of the user, and no one else\'s', async () => {
    const email = await user();
    const other = await user();
    const b = browser();
    const bystander = browser();
    await signIn(b, s.url, email, OLD);
    await signIn(bystander, s.url, other, OLD);
    const grant = await oauthTokens(s.url, email, OLD);
    const otherGrant = await oauthTokens(s.url, other, OLD);
    await s.c.identity.setPassword(email, NEW, SYSTEM_ACTOR);
    assert.equal(await signedIn(b, s.url), false);
    assert.equal((await s.request('GET', '/api/v1/brains', { token: grant.access_token })).status, 401);
    assert.ok(await signedIn(bystander, s.url));
    assert.equal((await s.request('GET', '/api/v1/brains', { token: otherGrant.access_token })).status, 200);
  });
});
