// RouterGate (src/http/routerGate.ts): routers before the first one holding a request's route are
// passed over without being entered; that router and the ones after it are entered as before (a
// route passing the request on still reaches a later router), and a request no route matches
// enters every router. A router with middleware of its own is always entered (its middleware may
// act on any request). The route table still lists the gated routers' routes.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { RouterGate } from '../../src/http/routerGate.js';
import { routeTable } from '../../src/http/routeTable.js';

describe('RouterGate', () => {
  it('enters only the router holding the route and those after it, and any router with middleware; every router for an unknown route', async () => {
    const entered: string[] = [];
    const counted = (name: string, router: Router): Router =>
      Object.assign((req: express.Request, res: express.Response, next: express.NextFunction) => {
        entered.push(name);
        return router(req, res, next);
      }, { stack: (router as unknown as { stack: unknown[] }).stack }) as unknown as Router;
    const a = Router();
    a.get('/a', (_req, res) => void res.send('a'));
    // Middleware only, no route: never the first match, yet always entered.
    const o = Router();
    o.use((_req, _res, next) => {
      entered.push('o');
      next();
    });
    const b = Router();
    b.get('/b/:id', (_req, _res, next) => next()); // passes it on
    b.post('/c', (_req, res) => void res.send('b-post'));
    const c = Router();
    c.get('/b/:id', (req, res) => void res.send(`c ${req.params.id}`));
    c.get('/c', (_req, res) => void res.send('c-get'));
    const gate = new RouterGate();
    const api = Router();
    api.use(gate.add(counted('a', a)));
    api.use(gate.add(o));
    api.use(gate.add(counted('b', b)));
    api.use(gate.add(counted('c', c)));
    api.use((_req, res) => void res.status(404).send('none'));
    const app = express();
    app.use('/api', api);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const get = async (p: string, method = 'GET') => {
      entered.length = 0;
      const res = await fetch(`${base}${p}`, { method });
      return [res.status, await res.text(), entered.join(',')];
    };
    try {
      assert.deepEqual(await get('/a'), [200, 'a', 'a']);
      assert.deepEqual(await get('/B/7'), [200, 'c 7', 'o,b,c'], 'a is passed over, o is not; b passes it on to c');
      assert.deepEqual(await get('/c'), [200, 'c-get', 'o,c'], 'by method: b holds POST /c only');
      assert.deepEqual(await get('/c', 'POST'), [200, 'b-post', 'o,b']);
      assert.deepEqual(await get('/nowhere'), [404, 'none', 'a,o,b,c']);
      assert.deepEqual(
        routeTable(app).map((r) => `${r.method} ${r.path}`),
        ['GET /api/a', 'GET /api/b/:id', 'POST /api/c', 'GET /api/c'],
      );
    } finally {
      server.close();
    }
  });
});
