// The auth matrix: every registered route, called with every kind of token, against ONE table of
// who may call what. A route missing from the table fails the test, so a new route cannot ship
// without a decision about its access rule.
import assert from 'node:assert/strict';
import type { Role } from '../../src/domain/roles.js';
import { roleAtLeast } from '../../src/domain/roles.js';
import { ACCESS_TABLE, caseOf, type Access } from './accessTable.js';
import { buildWorld, fillPath, send, TOKEN_KINDS, type TokenKind, type World } from './world.js';

function expectation(access: Access, kind: TokenKind): 'allowed' | 401 | 403 | 404 | 405 | 'not2xx' | 'any' {
  const invalid = kind === 'none' || kind === 'bad' || kind === 'revoked';
  switch (access) {
    case 'open':
    case 'webPublic':
      return 'any';
    case 'webPage':
      return 'not2xx';
    case 'methodNotAllowed':
      return 405;
    case 'sourceSecret':
      return 401;
    case 'signedIn':
    case 'mcp':
      return invalid ? 401 : 'allowed';
    case 'userOnly':
      return invalid ? 401 : 403;
    case 'defaultInbox':
      return invalid ? 401 : kind === 'Read' ? 403 : 'allowed';
    default:
      if (invalid) return 401;
      if (kind === 'otherBrain') return 404;
      return roleAtLeast(kind as Role, access) ? 'allowed' : 403;
  }
}

describe('auth matrix: every route × every token kind', function () {
  this.timeout(120_000);
  let w: World;
  before(async () => {
    w = await buildWorld();
  });
  after(async () => w.s.stop());

  it('every registered route has an access rule, and every rule names a registered route', () => {
    const missing = w.routes.filter((r) => !caseOf(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(missing, [], 'routes without an access rule in ACCESS_TABLE');
    const registered = new Set(w.routes.map((r) => `${r.method} ${r.path}`));
    assert.deepEqual(Object.keys(ACCESS_TABLE).filter((k) => !registered.has(k)), [], 'rules for routes that do not exist');
  });

  it('each route answers each token kind as the table says', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of w.routes) {
      const c = caseOf(route.method, route.path);
      if (!c) continue;
      const method = route.method === 'ALL' ? (c.method ?? 'GET') : route.method;
      const url = fillPath(route.path, w.params) + (c.query ? `?${c.query}` : '');
      for (const kind of TOKEN_KINDS) {
        const token = w.tokens[kind];
        const headers: Record<string, string> = { ...c.headers };
        if (token) headers.authorization = `Bearer ${token}`;
        const res = await send(w.s.url, method, url, { headers, body: c.body });
        calls++;
        const want = expectation(c.access, kind);
        const got = res.status;
        const code = res.body?.code;
        let ok: boolean;
        if (got >= 500) ok = false;
        else if (want === 'any') ok = true;
        else if (want === 'not2xx') ok = got < 200 || got >= 300;
        else if (want === 'allowed') ok = got !== 401 && got !== 403 && code !== 'brain_not_found';
        else ok = got === want;
        if (ok && got === 401 && !res.headers.get('www-authenticate')) ok = false;
        if (!ok) failures.push(`${method} ${url} as ${kind}: expected ${want}, got ${got} ${code ?? ''}`);
      }
    }
    assert.ok(calls > 300, `only ${calls} calls`);
    assert.deepEqual(failures, []);
  });
});
