// Routers mounted one after another on one path (the /api/v1 routers): express enters each in turn
// and tries every route of it against the request, so a page read walked the search, chat import,
// file and brain routers' routes before the page router's, and that walk was a tenth of a page
// read's event-loop time under load. Here a request is matched once (method and path, the match
// kept, see RouteMatcher) against the routes of all of them, and the routers before the first one
// holding a matching route are passed over without being entered: none of their routes would
// match, and they hold no middleware of their own. The router that matched, and every one after
// it, is entered as before, so a route that passes the request on still reaches the rest; a request
// no route matches (a 404, an OPTIONS) enters every router, as before.
import type { RequestHandler, Router } from 'express';
import { RouteMatcher, routesOfStack, type LayerLike } from './routeTable.js';

export class RouterGate {
  private readonly routers: Router[] = [];
  /** Where a request keeps its match with this gate's routers (a gate of its own per mount). */
  private readonly seen = Symbol('brainkeep.firstRouter');
  /** Routers that must always be entered: a layer other than a route with a string template (middleware, a RegExp route). */
  private readonly opaque = new Set<number>();
  private readonly matcher = new RouteMatcher(() =>
    this.routers.flatMap((router, index) => routesOfStack(stackOf(router)).map((r) => ({ ...r, value: index }))),
  );

  /** `router`, entered only when no router added before it holds the request's route. Add in mount order. */
  add(router: Router): RequestHandler {
    const index = this.routers.push(router) - 1;
    if (stackOf(router).some((layer) => !layer.route || typeof layer.route.path !== 'string')) this.opaque.add(index);
    const gated: RequestHandler = (req, res, next) => {
      const first = this.firstRouter(req);
      if (first != null && first > index && !this.opaque.has(index)) return next();
      router(req, res, next);
    };
    // The route table (metrics labels, the OpenAPI document) reads a mounted router's routes from its stack.
    return Object.assign(gated, { stack: stackOf(router) });
  }

  /** The first router with a route for the request's method and path, matched once per request. */
  private firstRouter(req: Parameters<RequestHandler>[0]): number | null {
    const kept = req as unknown as Record<symbol, number | null | undefined>;
    if (kept[this.seen] === undefined) kept[this.seen] = this.matcher.match(req.method, req.path)?.value ?? null;
    return kept[this.seen] ?? null;
  }
}

function stackOf(router: Router): LayerLike[] {
  return (router as unknown as { stack: LayerLike[] }).stack;
}
