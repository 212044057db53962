// The express app's registered routes, read from its router stack: metrics label requests by
// route template with it, and the OpenAPI document and reliability tests check themselves
// against it, so a route added anywhere is seen without a second list to keep in sync.
import type { Express, Request } from 'express';

export interface RouteEntry {
  /** Upper-case HTTP method; `ALL` for `app.all`. */
  method: string;
  /** Full express template, e.g. `/api/v1/brains/:brainId/pages`. */
  path: string;
}

export interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/** Every route registered on the app (nested routers included), in registration order, deduplicated. */
export function routeTable(app: Express): RouteEntry[] {
  const root = (app as unknown as { router?: { stack: LayerLike[] } }).router;
  return root ? routesOfStack(root.stack) : [];
}

/** The routes of a router's layer stack (nested routers included), each path prefixed with `prefix`. */
export function routesOfStack(stack: LayerLike[], prefix = ''): RouteEntry[] {
  const out: RouteEntry[] = [];
  const seen = new Set<string>();
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const p of paths(layer.route.path)) {
          for (const [m, on] of Object.entries(layer.route.methods)) {
            if (!on) continue;
            const entry = { method: m === '_all' ? 'ALL' : m.toUpperCase(), path: join(prefix, p) };
            const key = `${entry.method} ${entry.path}`;
            if (!seen.has(key)) {
              seen.add(key);
              out.push(entry);
            }
          }
        }
      } else if (layer.handle?.stack) {
        for (const p of paths(layer.rawPath ?? '/')) walk(layer.handle.stack, p === '/' ? prefix : `${prefix}${p}`.replace(/\/+$/, ''));
      }
    }
  };
  walk(stack, prefix);
  return out;
}

function paths(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.flat(Infinity).filter((p): p is string => typeof p === 'string');
  return []; // RegExp routes have no template to report
}

function join(prefix: string, p: string): string {
  if (p === '/' && prefix) return prefix; // a router's root route answers at its mount path
  const joined = `${prefix}${p.startsWith('/') || p === '' ? p : `/${p}`}`;
  return joined === '' ? '/' : joined;
}

/** Method and path pairs whose match is kept (see RouteMatcher). */
const MATCHES_KEPT = 2_000;
/** Longer paths are matched every time (what is kept stays small whatever callers send). */
const KEY_CHARS_KEPT = 300;

/** A matcher for one express 5 template: `:param`, `*splat` and `{optional}` parts; `params` names its capture groups in order. */
export function compileTemplate(template: string): { re: RegExp; params: string[] } {
  let re = '';
  const params: string[] = [];
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if (ch === '{') re += '(?:';
    else if (ch === '}') re += ')?';
    else if (ch === ':' || ch === '*') {
      const name = /^[A-Za-z_$][\w$]*/.exec(template.slice(i + 1))?.[0] ?? '';
      i += name.length;
      params.push(name);
      re += ch === ':' ? '([^/]+)' : '(.+)';
    } else re += ch.replace(/[.+?^$()[\]|\\/]/g, '\\$&');
  }
  return { re: new RegExp(`^${re}/?$`, 'i'), params };
}

/** `compileTemplate`'s matcher alone. */
export function templateRegExp(template: string): RegExp {
  return compileTemplate(template).re;
}

export interface RouteMatch<T> {
  value: T;
  /** Each `:param` and `*splat` of the template, as it stands in the path (undefined in an optional part left out). */
  params: Record<string, string | undefined>;
}

/**
 * The first of a list of routes (method and express template, `ALL` for any method) a request's
 * method and path match; HEAD matches as GET. Callers repeat their paths (an agent's searches all
 * go to one), so the match for each method and path is kept and the list not tried again; the
 * kept matches are emptied when full, and misses are not kept (junk paths cannot crowd them out).
 * `routes` is read on first use (an app's routes are all registered by then).
 */
export class RouteMatcher<T> {
  private compiled: Array<{ method: string; re: RegExp; params: string[]; value: T }> | null = null;
  private readonly kept = new Map<string, RouteMatch<T>>();

  constructor(private readonly routes: () => Array<{ method: string; path: string; value: T }>) {}

  match(requestMethod: string, path: string): RouteMatch<T> | null {
    const method = requestMethod === 'HEAD' ? 'GET' : requestMethod;
    const key = `${method} ${path}`;
    const known = this.kept.get(key);
    if (known) return known;
    this.compiled ??= this.routes().map((r) => ({ method: r.method, value: r.value, ...compileTemplate(r.path) }));
    for (const r of this.compiled) {
      if (r.method !== method && r.method !== 'ALL') continue;
      const m = r.re.exec(path);
      if (!m) continue;
      const found: RouteMatch<T> = { value: r.value, params: Object.fromEntries(r.params.map((name, i) => [name, m[i + 1]])) };
      if (key.length <= KEY_CHARS_KEPT) {
        if (this.kept.size >= MATCHES_KEPT) this.kept.clear();
        this.kept.set(key, found);
      }
      return found;
    }
    return null;
  }
}

/**
 * Label requests by the template they match (low cardinality for metrics). A successful request
 * outside the route table (static files, routers built lazily such as OAuth's) is labelled by its
 * first two path segments; every failed one outside it shares `unmatched`, so junk paths cannot
 * grow the number of series. The table is read on first use, after every route is registered.
 */
export function routeLabeler(app: Express): (req: Pick<Request, 'method'> & { originalUrl: string }, status: number) => string {
  const routes = new RouteMatcher(() => routeTable(app).map((r) => ({ ...r, value: r.path })));
  return (req, status) => {
    const path = req.originalUrl.split('?')[0]!;
    const known = routes.match(req.method, path);
    if (known) return known.value;
    if (status >= 400) return 'unmatched';
    const segments = path.split('/').filter(Boolean);
    return segments.length > 2 ? `/${segments.slice(0, 2).join('/')}/*` : `/${segments.join('/')}`;
  };
}
