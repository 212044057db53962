import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { authorizeUrl, browser, consent, form, hiddenField, oauthTokens, pkce, registerClient, signIn, tokenRequest, type Browser } from '../helpers/oauth.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const PASSWORD = 'correct horse battery';

async function mcpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

describe('sign-in and OAuth 2.1', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    await s.c.identity.createUser({ email: 'ann@example.com', name: 'Ann', password: PASSWORD }, SYSTEM_ACTOR);
    s.c.members.add(SYSTEM_ACTOR, 'main', { email: 'ann@example.com', role: 'Write' });
  });
  after(async () => s.stop());

  describe('sign-in pages', () => {
    it('GET / signed out shows the sign-in form with a CSP, no caching and a CSRF token', async () => {
      const b = browser();
      const res = await b.fetch(`${s.url}/`);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<form method="post" action="\/login">/);
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'self'.*frame-ancestors 'none'/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(hiddenField(html, '_csrf'), b.cookies.get('bk_csrf'));
    });

    it('a form without the CSRF token is refused (403) and opens no session', async () => {
      const b = browser();
      await b.fetch(`${s.url}/login`);
      const res = await b.fetch(`${s.url}/login`, form({ email: 'ann@example.com', password: PASSWORD, next: '/' }));
      assert.equal(res.status, 403);
      assert.equal(b.cookies.has('bk_session'), false);
    });

    it('a wrong password shows the form again with 401; the right one sets an HttpOnly SameSite=Lax cookie stored hashed', async () => {
      const b = browser();
      const wrong = await signIn(b, s.url, 'ann@example.com', 'not the password');
      assert.equal(wrong.status, 401);
      assert.match(await wrong.text(), /email or password is not correct/);
      const res = await signIn(b, s.url, 'ann@example.com', PASSWORD, '/login');
      assert.equal(res.status, 303);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('bk_session='))!;
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Lax/);
      assert.match(cookie, /Path=\//);
      assert.doesNotMatch(cookie, /Secure/);
      const token = b.cookies.get('bk_session')!;
      const rows = s.c.db.prepare('SELECT token_hash FROM web_sessions').all() as Array<{ token_hash: string }>;
      assert.ok(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex')));
      assert.ok(!JSON.stringify(rows).includes(token));
    });

    it('signed in, / goes to the web app; sign-out needs CSRF, clears the cookie and ends the session server-side', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const home = await b.fetch(`${s.url}/`);
      assert.equal(home.status, 303);
      assert.equal((await b.fetch(`${s.url}/login?next=/somewhere`)).headers.get('location'), '/somewhere', 'signed in: /login goes on to next');
      const cookie = b.cookies.get('bk_session')!;
      const csrf = s.c.sessions.lookup(cookie)!.session.csrfToken;
      assert.equal((await b.fetch(`${s.url}/logout`, form({}))).status, 403);
      assert.equal((await b.fetch(`${s.url}/logout`, form({ _csrf: 'x'.repeat(32) }))).status, 403);
      const out = await b.fetch(`${s.url}/logout`, form({ _csrf: csrf }));
      assert.equal(out.status, 303);
      assert.equal(b.cookies.has('bk_session'), false);
      assert.equal(s.c.sessions.lookup(cookie), null, 'the old cookie no longer works');
      assert.match(await (await b.fetch(`${s.url}/`)).text(), /Sign in/);
    });

    it('next must stay on this site', async () => {
      const b = browser();
      const res = await signIn(b, s.url, 'ann@example.com', PASSWORD, '//evil.example/steal');
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/');
    });

    it('throttles failed sign-ins per email and address (429 with Retry-After), even for the right password', async () => {
      await s.c.identity.createUser({ email: 'bob@example.com', password: PASSWORD }, SYSTEM_ACTOR);
      const b = browser();
      for (let i = 0; i < 5; i++) assert.equal((await signIn(b, s.url, 'bob@example.com', `wrong-${i}`)).status, 401);
      const blocked = await signIn(b, s.url, 'bob@example.com', PASSWORD);
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers.get('retry-after')) > 0);
      assert.equal(b.cookies.has('bk_session'), false);
      // another account from the same address is not affected
      assert.equal((await signIn(browser(), s.url, 'ann@example.com', PASSWORD)).status, 303);
    });
  });

  describe('metadata', () => {
    it('serves authorization-server metadata: S256 only, both scopes, every endpoint', async () => {
      const m: any = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
      assert.equal(m.issuer, `${s.url}/`);
      assert.deepEqual(m.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(m.scopes_supported, ['brains:read', 'brains:write']);
      for (const e of ['authorization', 'token', 'registration', 'revocation']) assert.ok(m[`${e}_endpoint`]?.startsWith(s.url), e);
      assert.deepEqual(m.grant_types_supported, ['authorization_code', 'refresh_token']);
    });

    it('serves protected-resource metadata at the root and for /mcp', async () => {
      const root: any = await (await fetch(`${s.url}/.well-known/oauth-protected-resource`)).json();
      assert.equal(root.resource, `${s.url}/`);
      assert.deepEqual(root.authorization_servers, [`${s.url}/`]);
      const mcp: any = await (await fetch(`${s.url}/.well-known/oauth-protected-resource/mcp`)).json();
      assert.equal(mcp.resource, `${s.url}/mcp`);
    });
  });

  describe('authorization code flow', () => {
    it('the full dance: register → sign in → consent → code → token (PKCE) → tool → refresh → revoke → 401', async () => {
      const client = await registerClient(s.url, { client_name: 'Agent <b>Smith</b>' });
      const { verifier, challenge } = pkce();
      const b = browser();
      const url = authorizeUrl(s.url, client, { challenge, scope: 'brains:read brains:write', state: 'xyz', resource: `${s.url}/mcp` });
      const first = await b.fetch(url);
      assert.equal(first.status, 302);
      const toLogin = new URL(first.headers.get('location')!, s.url);
      assert.equal(toLogin.pathname, '/login');
      const next = toLogin.searchParams.get('next')!;
      const signed = await signIn(b, s.url, 'ann@example.com', PASSWORD, next);
      assert.equal(signed.status, 303);
      assert.equal(signed.headers.get('location'), next);

      const { location, consentHtml, consentCsp } = await consent(b, s.url, `${s.url}${next}`);
      assert.match(consentHtml, /Agent &lt;b&gt;Smith&lt;\/b&gt;/, 'the client name is escaped');
      assert.match(consentHtml, /ann@example\.com/);
      assert.match(consentHtml, /brains:read/);
      assert.match(consentHtml, /brains:write/);
      assert.match(consentCsp, /form-action 'self' http:\/\/127\.0\.0\.1:9/);
      assert.equal(`${location.origin}${location.pathname}`, client.redirect_uris[0]);
      assert.equal(location.searchParams.get('state'), 'xyz');
      const code = location.searchParams.get('code')!;

      const t = await tokenRequest(s.url, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: verifier, redirect_uri: client.redirect_uris[0]!, resource: `${s.url}/mcp` });
      assert.equal(t.status, 200, JSON.stringify(t.body));
      assert.equal(t.body.token_type, 'Bearer');
      assert.equal(t.body.expires_in, 3600);
      assert.equal(t.body.scope, 'brains:read brains:write');
      assert.match(t.body.access_token, /^bka_/);
      assert.match(t.body.refresh_token, /^bkr_/);
      const stored = s.c.db.prepare('SELECT token_hash, expires_at, kind FROM oauth_tokens').all() as Array<{ token_hash: string; expires_at: string; kind: string }>;
      assert.ok(!JSON.stringify(stored).includes(t.body.access_token), 'tokens are stored hashed');
      const refreshRow = stored.find((r) => r.token_hash === createHash('sha256').update(t.body.refresh_token).digest('hex'))!;
      const days = (Date.parse(refreshRow.expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `refresh token lives 30 days (${days})`);

      const mcp = await mcpClient(s.url, t.body.access_token);
      const listed = await mcp.callTool({ name: 'list_brains', arguments: {} });
      assert.equal(listed.isError, undefined);
      assert.deepEqual((listed.structuredContent as any).brains.map((x: any) => [x.slug, x.role]), [['main', 'Write']]);
      const written = await mcp.callTool({ name: 'write_page', arguments: { path: 'notes/oauth.md', markdown: '# Written over OAuth\n' } });
      assert.equal(written.isError, undefined, JSON.stringify(written.content));
      await mcp.close();
      const log = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes`, { token: t.body.access_token })).body.changes;
      assert.equal(log.at(-1).by, 'Ann', 'the commit is authored as the user');

      const r = await tokenRequest(s.url, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: t.body.refresh_token });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.notEqual(r.body.refresh_token, t.body.refresh_token, 'refresh tokens rotate');
      assert.equal((await s.request('GET', '/api/v1/brains', { token: r.body.access_token })).status, 200, 'REST accepts OAuth tokens');

      const revoked = await fetch(`${s.url}/revoke`, form({ client_id: client.client_id, token: r.body.access_token }));
      assert.equal(revoked.status, 200);
      const after = await fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${r.body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(after.status, 401);
      const challengeHeader = after.headers.get('www-authenticate')!;
      assert.match(challengeHeader, /^Bearer /);
      assert.match(challengeHeader, /error="invalid_token"/);
      assert.match(challengeHeader, new RegExp(`resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp"`));
      assert.equal((await s.request('GET', '/api/v1/brains', { token: r.body.access_token })).status, 401);
    });

    it('deny sends the browser back with error=access_denied and the state', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url);
      const { location } = await consent(b, s.url, authorizeUrl(s.url, client, { challenge: pkce().challenge, state: 'no-thanks' }), 'deny');
      assert.equal(location.searchParams.get('error'), 'access_denied');
      assert.equal(location.searchParams.get('state'), 'no-thanks');
      assert.equal(location.searchParams.get('code'), null);
    });

    it('a consent request is used once and only by the session that started it', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url);
      const page = await (await b.fetch(authorizeUrl(s.url, client, { challenge: pkce().challenge }))).text();
      const fields = { _csrf: hiddenField(page, '_csrf'), request: hiddenField(page, 'request'), decision: 'allow' };
      const other = browser();
      await signIn(other, s.url, 'ann@example.com', PASSWORD);
      const otherHome = await (await other.fetch(`${s.url}/login?next=/`)).status;
      assert.equal(otherHome, 303);
      const otherCsrf = s.c.sessions.lookup(other.cookies.get('bk_session'))!.session.csrfToken;
      assert.equal((await other.fetch(`${s.url}/oauth/consent`, form({ ...fields, _csrf: otherCsrf }))).status, 400);
      assert.equal((await b.fetch(`${s.url}/oauth/consent`, form({ ...fields, _csrf: 'wrong' }))).status, 403);
      assert.equal((await b.fetch(`${s.url}/oauth/consent`, form(fields))).status, 303);
      assert.equal((await b.fetch(`${s.url}/oauth/consent`, form(fields))).status, 400);
    });

    it('only S256: a plain challenge is refused; an unknown scope is refused', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url);
      const plain = await b.fetch(authorizeUrl(s.url, client, { challenge: 'abc', method: 'plain' }));
      assert.equal(plain.status, 302);
      assert.equal(new URL(plain.headers.get('location')!).searchParams.get('error'), 'invalid_request');
      const scope = await b.fetch(authorizeUrl(s.url, client, { challenge: pkce().challenge, scope: 'admin:everything' }));
      assert.equal(new URL(scope.headers.get('location')!).searchParams.get('error'), 'invalid_scope');
      const resource = await b.fetch(authorizeUrl(s.url, client, { challenge: pkce().challenge, resource: 'https://elsewhere.example/mcp' }));
      assert.equal(new URL(resource.headers.get('location')!).searchParams.get('error'), 'invalid_target');
    });

    it('a wrong PKCE verifier is invalid_grant; a reused code is refused and revokes what it issued', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url);
      const { verifier, challenge } = pkce();
      const { location } = await consent(b, s.url, authorizeUrl(s.url, client, { challenge }));
      const code = location.searchParams.get('code')!;
      const redeem = (v: string) => tokenRequest(s.url, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: v, redirect_uri: client.redirect_uris[0]! });
      const wrong = await redeem(pkce().verifier);
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.error, 'invalid_grant');
      const ok = await redeem(verifier);
      assert.equal(ok.status, 200);
      assert.equal((await s.request('GET', '/api/v1/brains', { token: ok.body.access_token })).status, 200);
      const again = await redeem(verifier);
      assert.equal(again.status, 400);
      assert.equal(again.body.error, 'invalid_grant');
      assert.equal((await s.request('GET', '/api/v1/brains', { token: ok.body.access_token })).status, 401, 'tokens from a replayed code are revoked');
      const refresh = await tokenRequest(s.url, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: ok.body.refresh_token });
      assert.equal(refresh.body.error, 'invalid_grant');
    });

    it('a code is bound to its client and redirect URI', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url, { redirect_uris: ['http://127.0.0.1:9/callback', 'http://127.0.0.1:9/other'] });
      const otherClient = await registerClient(s.url);
      const { verifier, challenge } = pkce();
      const { location } = await consent(b, s.url, authorizeUrl(s.url, client, { challenge }));
      const code = location.searchParams.get('code')!;
      const stolen = await tokenRequest(s.url, { grant_type: 'authorization_code', client_id: otherClient.client_id, code, code_verifier: verifier, redirect_uri: client.redirect_uris[0]! });
      assert.equal(stolen.body.error, 'invalid_grant');
      const elsewhere = await tokenRequest(s.url, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:9/other' });
      assert.equal(elsewhere.body.error, 'invalid_grant');
    });

    it('reusing a rotated refresh token revokes the whole family', async () => {
      const t = await oauthTokens(s.url, 'ann@example.com', PASSWORD);
      const refresh = (token: string) => tokenRequest(s.url, { grant_type: 'refresh_token', client_id: t.client.client_id, refresh_token: token });
      const second = await refresh(t.refresh_token);
      assert.equal(second.status, 200);
      const replay = await refresh(t.refresh_token);
      assert.equal(replay.status, 400);
      assert.equal(replay.body.error, 'invalid_grant');
      assert.equal((await s.request('GET', '/api/v1/brains', { token: second.body.access_token })).status, 401, 'the newest access token is revoked too');
      assert.equal((await refresh(second.body.refresh_token)).body.error, 'invalid_grant', 'and the newest refresh token');
      assert.ok(s.c.audit.list(null).some((a) => a.action === 'oauth.refresh_reuse'));
    });

    it('revoking a refresh token revokes its family; another client cannot revoke my token', async () => {
      const t = await oauthTokens(s.url, 'ann@example.com', PASSWORD);
      const intruder = await registerClient(s.url);
      await fetch(`${s.url}/revoke`, form({ client_id: intruder.client_id, token: t.access_token }));
      assert.equal((await s.request('GET', '/api/v1/brains', { token: t.access_token })).status, 200);
      await fetch(`${s.url}/revoke`, form({ client_id: t.client.client_id, token: t.refresh_token }));
      assert.equal((await s.request('GET', '/api/v1/brains', { token: t.access_token })).status, 401);
    });

    it('a read-only token acts as its user with at most Read', async () => {
      const t = await oauthTokens(s.url, 'ann@example.com', PASSWORD, 'brains:read');
      assert.equal(t.scope, 'brains:read');
      const brains = (await s.request('GET', '/api/v1/brains', { token: t.access_token })).body.brains;
      assert.deepEqual(brains.map((b: any) => [b.slug, b.role]), [['main', 'Read']]);
      const put = await s.request('PUT', `/api/v1/brains/${s.mainBrainId}/pages`, { token: t.access_token, body: { path: 'x.md', markdown: '# x' } });
      assert.equal(put.status, 403);
    });

    it('a confidential client must present its secret (stored hashed)', async () => {
      const b = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      const client = await registerClient(s.url, { token_endpoint_auth_method: 'client_secret_post' });
      assert.ok(client.client_secret);
      const row = s.c.db.prepare('SELECT secret_hash, metadata FROM oauth_clients WHERE client_id = ?').get(client.client_id) as { secret_hash: string; metadata: string };
      assert.equal(row.secret_hash, createHash('sha256').update(client.client_secret!).digest('hex'));
      assert.ok(!row.metadata.includes(client.client_secret!));
      const { verifier, challenge } = pkce();
      const { location } = await consent(b, s.url, authorizeUrl(s.url, client, { challenge }));
      const fields = { grant_type: 'authorization_code', client_id: client.client_id, code: location.searchParams.get('code')!, code_verifier: verifier, redirect_uri: client.redirect_uris[0]! };
      assert.equal((await tokenRequest(s.url, fields)).body.error, 'invalid_client');
      assert.equal((await tokenRequest(s.url, { ...fields, client_secret: 'nope' })).body.error, 'invalid_client');
      const ok = await tokenRequest(s.url, { ...fields, client_secret: client.client_secret! });
      assert.equal(ok.status, 200);
    });

    it("the SDK client's own auth flow (discovery from /mcp's 401, registration, PKCE) gets a working token", async () => {
      const b: Browser = browser();
      await signIn(b, s.url, 'ann@example.com', PASSWORD);
      let info: OAuthClientInformationMixed | undefined;
      let tokens: OAuthTokens | undefined;
      let verifier = '';
      let redirectedTo: URL | null = null;
      const provider: OAuthClientProvider = {
        redirectUrl: 'http://127.0.0.1:9/callback',
        clientMetadata: { client_name: 'SDK client', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
        clientInformation: () => info,
        saveClientInformation: (i) => void (info = i),
        tokens: () => tokens,
        saveTokens: (t) => void (tokens = t),
        redirectToAuthorization: (url) => void (redirectedTo = url),
        saveCodeVerifier: (v) => void (verifier = v),
        codeVerifier: () => verifier,
      };
      const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { authProvider: provider });
      const client = new Client({ name: 'sdk-auth', version: '1.0.0' });
      await assert.rejects(client.connect(transport), /Unauthorized/);
      assert.ok(redirectedTo, 'the SDK discovered /authorize and sent the user there');
      const { location } = await consent(b, s.url, String(redirectedTo));
      await transport.finishAuth(location.searchParams.get('code')!);
      assert.match(tokens!.access_token, /^bka_/);
      const again = new Client({ name: 'sdk-auth', version: '1.0.0' });
      await again.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { authProvider: provider }));
      const result = await again.callTool({ name: 'get_instructions', arguments: {} });
      assert.equal(result.isError, undefined, JSON.stringify(result.content));
      await again.close();
      assert.equal(await auth(provider, { serverUrl: `${s.url}/mcp` }), 'AUTHORIZED', 'a refresh through the SDK works too');
    });
  });

  describe('base URL scheme', () => {
    it('behind https: the session cookie is Secure and the issuer is the https base URL', async () => {
      const https = await startTestServer({ BRAINKEEP_BASE_URL: 'https://brains.example.test' });
      try {
        await https.c.identity.createUser({ email: 'sec@example.com', password: PASSWORD }, SYSTEM_ACTOR);
        const res = await signIn(browser(), https.url, 'sec@example.com', PASSWORD);
        assert.equal(res.status, 303);
        assert.match(res.headers.getSetCookie().find((c) => c.startsWith('bk_session='))!, /; Secure/);
        const m: any = await (await fetch(`${https.url}/.well-known/oauth-authorization-server`)).json();
        assert.equal(m.issuer, 'https://brains.example.test/');
        const challenge = (await fetch(`${https.url}/mcp`, { method: 'POST' })).headers.get('www-authenticate');
        assert.match(challenge!, /resource_metadata="https:\/\/brains\.example\.test\/\.well-known\/oauth-protected-resource\/mcp"/);
      } finally {
        await https.stop();
      }
    });

    it('plain http off loopback: no OAuth endpoints, no resource_metadata; credentials still work on /mcp', async () => {
      const lan = await startTestServer({ BRAINKEEP_BASE_URL: 'http://nas.lan:8080', BRAINKEEP_ALLOWED_HOSTS: 'nas.lan' });
      try {
        assert.equal((await fetch(`${lan.url}/.well-known/oauth-authorization-server`)).status, 404);
        const challenge = (await fetch(`${lan.url}/mcp`, { method: 'POST' })).headers.get('www-authenticate');
        assert.equal(challenge, 'Bearer realm="Brainkeep"');
        const client = await mcpClient(lan.url, lan.credential('Read'));
        assert.equal((await client.callTool({ name: 'list_brains', arguments: {} })).isError, undefined);
        await client.close();
      } finally {
        await lan.stop();
      }
    });
  });
});
