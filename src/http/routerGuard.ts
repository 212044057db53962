// Enter an area's router only for a path one of its routes can match. Every request passed through
// each router mounted before the one that answers: express enters it (its `handle` sets up the
// request's state, its `next` walks the layers and tries each route's matcher, then restores it),
// which under the 64-client load of bench/load.bench.ts was a tenth of the event loop's time
// (router `next`/`handle`, path-to-regexp, parseurl). The guard tests the path against the router's
// own route templates first, with one cached answer per path, and skips the router when none can
// match, which is what express would do after walking it: a router whose every layer is a route runs
// nothing for a path none of its routes match. A router with any other layer (middleware, a
// RegExp route) is always entered, as are OPTIONS requests (the router answers them with `Allow`).
// The guard keeps the router's `stack`, so routeTable.ts (metrics labels, OpenAPI checks) still
// sees every route.
import type { RequestHandler, Router } from 'express';
import { templateRegExp } from './routeTable.js';

interface LayerLike {
  route?: { path: unknown };
}

/** Paths whose answer is kept per guard (emptied when full: junk paths cannot grow it). */
const PATHS_KEPT = 2_000;
/** Longer paths are tested every time. */
const PATH_CHARS_KEPT = 300;

export function routedOnly(router: Router): RequestHandler {
  const stack = (router as unknown as { stack: LayerLike[] }).stack;
  /** The route matchers; null: some layer is not a plain route, always enter. Rebuilt when the stack grows. */
  let matchers: RegExp[] | null = null;
  let built = -1;
  const kept = new Map<string, boolean>();
  const compile = () => {
    built = stack.length;
    kept.clear();
    const out: RegExp[] = [];
    for (const layer of stack) {
      const p = layer.route?.path;
      const templates = typeof p === 'string' ? [p] : Array.isArray(p) && p.every((x) => typeof x === 'string') ? (p as string[]) : null;
      if (!templates) return (matchers = null);
      for (const t of templates) out.push(templateRegExp(t));
    }
    return (matchers = out);
  };
  const mayMatch = (path: string): boolean => {
    if (stack.length !== built) compile();
    if (!matchers) return true;
    const known = kept.get(path);
    if (known !== undefined) return known;
    const hit = matchers.some((re) => re.test(path));
    if (path.length <= PATH_CHARS_KEPT) {
      if (kept.size >= PATHS_KEPT) kept.clear();
      kept.set(path, hit);
    }
    return hit;
  };
  const guard: RequestHandler = (req, res, next) => {
    if (req.method === 'OPTIONS' || mayMatch(req.path)) return router(req, res, next);
    next();
  };
  // routeTable.ts walks `handle.stack` of every layer: the router's routes stay visible through the guard.
  Object.defineProperty(guard, 'stack', { get: () => stack, enumerable: true });
  return guard;
}
