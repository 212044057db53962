// enteredForItsPaths (src/http/routeTable.ts): a router behind its guard answers every request
// exactly as the router mounted bare does (same status, body and Allow header, over real HTTP),
// while requests for no route of it pass on without entering it; routeTable still lists its routes.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type Express } from 'express';
import fc from 'fast-check';
import { enteredForItsPaths, routeTable } from '../../src/http/routeTable.js';

function pageRouter(): Router {
  const r = Router();
  r.get('/brains/:brainId/pages', (req, res) => void res.json({ route: 'get pages', brainId: req.params.brainId }));
  r.put('/brains/:brainId/pages', (req, res) => void res.json({ route: 'put pages', brainId: req.params.brainId }));
  r.get('/brains/:brainId/pages/history', (_req, res) => void res.json({ route: 'history' }));
  r.get('/brains/:brainId/files{/*rest}', (req, res) => void res.json({ route: 'files', rest: req.params.rest ?? null }));
  return r;
}

function graphRouter(): Router {
  const r = Router();
  r.get('/brains/:brainId/graph/backlinks', (_req, res) => void res.json({ route: 'backlinks' }));
  r.post('/brains/:brainId', (_req, res) => void res.json({ route: 'brain' }));
  return r;
}

/** The app the API builds: routers in a row under a mount path, then a 404. */
function app(guarded: boolean, entered: string[]): Express {
  const a = express();
  const api = Router();
  // The router as the guard sees it, counting the requests that enter it.
  const counting = (name: string, r: Router) => {
    const spy = Object.assign((req: express.Request, res: express.Response, next: express.NextFunction) => {
      entered.push(name);
      r(req, res, next);
    }, { stack: (r as unknown as { stack: unknown }).stack });
    return guarded ? enteredForItsPaths(spy as unknown as Router) : spy;
  };
  api.use(counting('pages', pageRouter()));
  api.use(counting('graph', graphRouter()));
  api.use((req, res) => void res.status(404).json({ missing: `${req.method} ${req.path}` }));
  a.use('/api/v1', api);
  return a;
}

async function serve(a: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(a);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function answer(url: string, method: string, path: string): Promise<string> {
  const res = await fetch(url + path, { method });
  return `${res.status} ${res.headers.get('allow') ?? ''} ${await res.text()}`;
}

describe('routers entered only for their paths', () => {
  let bare: { url: string; close: () => Promise<void> };
  let guarded: { url: string; close: () => Promise<void> };
  const entered: string[] = [];
  before(async () => {
    bare = await serve(app(false, []));
    guarded = await serve(app(true, entered));
  });
  after(async () => {
    await bare.close();
    await guarded.close();
  });

  it('answers every request as the bare routers do', async () => {
    const segment = fc.constantFrom('brains', 'BRAINS', 'main', 'pages', 'Pages', 'history', 'graph', 'backlinks', 'files', 'a%2Fb', '', 'x.md');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD'), fc.array(segment, { minLength: 0, maxLength: 6 }), fc.boolean(), async (method, segments, slash) => {
        const path = `/api/v1/${segments.join('/')}${slash ? '/' : ''}`;
        assert.equal(await answer(guarded.url, method, path), await answer(bare.url, method, path), `${method} ${path}`);
      }),
      { numRuns: 300 },
    );
  });

  it('enters no router for a path none of its routes has, and only the ones that have it', async () => {
    entered.length = 0;
    assert.match(await answer(guarded.url, 'GET', '/api/v1/brains/main/graph/backlinks'), /^200 .*backlinks/);
    assert.match(await answer(guarded.url, 'PUT', '/api/v1/brains/Main/PAGES/'), /^200 .*put pages/);
    assert.match(await answer(guarded.url, 'GET', '/api/v1/brains/main/files/a/b.png'), /^200 .*"rest":\["a","b.png"\]/);
    assert.match(await answer(guarded.url, 'GET', '/api/v1/brains/main/search'), /^404 /);
    assert.deepEqual(entered, ['graph', 'pages', 'pages']);
  });

  it('keeps the routes visible to routeTable', () => {
    const a = express();
    a.use('/api/v1', enteredForItsPaths(pageRouter()));
    assert.deepEqual(
      routeTable(a).map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/brains/:brainId/pages', 'PUT /api/v1/brains/:brainId/pages', 'GET /api/v1/brains/:brainId/pages/history', 'GET /api/v1/brains/:brainId/files{/*rest}'],
    );
  });
});
