// Issue 21, item 13: the web pages' Content-Security-Policy loads images from this server and
// data: URLs (inline previews) only. A remote image in a page would report every reader to its host.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { browser, signIn, type Browser } from '../helpers/oauth.js';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe('security: the CSP allows no remote images', () => {
  let s: TestServer;
  let b: Browser;
  before(async () => {
    s = await startTestServer();
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    const email = s.c.identity.users()[0]!.email;
    b = browser();
    assert.equal((await signIn(b, s.url, email, password)).status, 303);
    const token = s.credential('Write');
    await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/pic', markdown: '# Pic\n\n![tracker](https://tracker.example/pixel.png)\n' } });
  });
  after(async () => s.stop());

  const pages: Array<[string, 'owner' | 'anonymous']> = [
    ['/app/b/main/pages', 'owner'],
    ['/app/b/main/pages?path=notes/pic.md', 'owner'],
    ['/app/b/main/pages/edit?path=notes/pic.md', 'owner'],
    ['/account/password', 'owner'],
    ['/login', 'anonymous'],
  ];
  for (const [path, who] of pages) {
    it(`${path}: img-src is 'self' and data: only`, async () => {
      const res = await (who === 'owner' ? b : browser()).fetch(`${s.url}${path}`);
      const body = await res.text();
      assert.equal(res.status, 200, `${path} is a page ${who === 'owner' ? 'the signed-in owner' : 'anyone'} sees`);
      if (path.endsWith('path=notes/pic.md')) assert.match(body, /tracker\.example/, 'the page does reference the remote image; the policy is what stops it');
      const csp = res.headers.get('content-security-policy');
      assert.ok(csp, `${path} carries a CSP`);
      const d = directives(csp);
      assert.deepEqual(d.get('img-src')?.sort(), ["'self'", 'data:'], csp);
      const fallback = d.get('default-src') ?? [];
      assert.ok(!fallback.some((v) => v === 'https:' || v === '*' || v === 'http:'), `default-src allows remote: ${csp}`);
    });
  }
});
