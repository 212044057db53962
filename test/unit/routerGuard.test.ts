// routedOnly (src/http/routerGuard.ts): a router is entered only for a path one of its routes can
// match, and otherwise the request goes on as if express had walked it; a router with middleware
// is always entered; OPTIONS still gets the router's Allow answer; routes added later are seen;
// routeTable still lists every route behind a guard. Real express app on a loopback port.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express, { Router } from 'express';
import { routedOnly } from '../../src/http/routerGuard.js';
import { routeTable } from '../../src/http/routeTable.js';

describe('router guard (routedOnly)', () => {
  let server: http.Server;
  let base: string;
  const entered: string[] = [];
  const late = Router();

  before(async () => {
    const app = express();
    const api = Router();
    const pages = Router();
    pages.get('/brains/:brainId/pages', (req, res) => res.json({ route: 'pages', brain: req.params.brainId }));
    pages.put('/brains/:brainId/pages', (_req, res) => res.json({ route: 'put pages' }));
    const withMiddleware = Router();
    withMiddleware.use((req, _res, next) => {
      entered.push(req.path);
      next();
    });
    withMiddleware.get('/other', (_req, res) => res.json({ route: 'other' }));
    late.get('/late/:id', (req, res) => res.json({ route: 'late', id: req.params.id }));
    api.use(routedOnly(pages));
    api.use(routedOnly(withMiddleware));
    api.use(routedOnly(late));
    api.use((req, res) => res.status(404).json({ fellThrough: req.path }));
    app.use('/api/v1', api);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    // The table is read from the guards' routers.
    assert.deepEqual(
      routeTable(app).map((r) => `${r.method} ${r.path}`),
      ['GET /api/v1/brains/:brainId/pages', 'PUT /api/v1/brains/:brainId/pages', 'GET /api/v1/other', 'GET /api/v1/late/:id'],
    );
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('enters the router whose route matches (any case, trailing slash) and skips the others', async () => {
    assert.deepEqual(await (await fetch(`${base}/brains/main/pages`)).json(), { route: 'pages', brain: 'main' });
    assert.deepEqual(await (await fetch(`${base}/BRAINS/main/pages/`)).json(), { route: 'pages', brain: 'main' });
    assert.deepEqual(await (await fetch(`${base}/brains/main/pages`, { method: 'PUT' })).json(), { route: 'put pages' });
    assert.deepEqual(await (await fetch(`${base}/late/7`)).json(), { route: 'late', id: '7' });
  });

  it('falls through to what follows when no route can match, as express would', async () => {
    const res = await fetch(`${base}/brains/main/nothing`);
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { fellThrough: '/brains/main/nothing' });
    // A matching path with a method no route takes also goes on.
    const del = await fetch(`${base}/brains/main/pages`, { method: 'DELETE' });
    assert.equal(del.status, 404);
  });

  it('always enters a router that has middleware', async () => {
    entered.length = 0;
    await fetch(`${base}/brains/main/pages`); // answered before it
    await fetch(`${base}/late/1`);
    assert.deepEqual(entered, ['/late/1']);
  });

  it('lets OPTIONS reach the router, which answers with Allow', async () => {
    const res = await fetch(`${base}/brains/main/pages`, { method: 'OPTIONS' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('allow') ?? '', /GET/);
    assert.match(res.headers.get('allow') ?? '', /PUT/);
  });

  it('sees a route added to the router after the first request', async () => {
    assert.equal((await fetch(`${base}/late2`)).status, 404);
    late.get('/late2', (_req, res) => res.json({ route: 'late2' }));
    assert.deepEqual(await (await fetch(`${base}/late2`)).json(), { route: 'late2' });
  });
});
