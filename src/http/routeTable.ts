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

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/** Every route registered on the app (nested routers included), in registration order, deduplicated. */
export function routeTable(app: Express): RouteEntry[] {
  const root = (app as unknown as { router?: { stack: LayerLike[] } }).router;
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
  if (root) walk(root.stack, '');
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

/** Method and path pairs whose matching template is kept (see routeLabeler). */
const MATCHES_KEPT = 2_000;
/** Longer paths are matched every time (what is kept stays small whatever callers send). */
const KEY_CHARS_KEPT = 300;

/** A matcher for one express 5 template: `:param`, `*splat` and `{optional}` parts. */
export function templateRegExp(template: string): RegExp {
  let re = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if (ch === '{') re += '(?:';
    else if (ch === '}') re += ')?';
    else if (ch === ':' || ch === '*') {
      const name = /^[A-Za-z_$][\w$]*/.exec(template.slice(i + 1))?.[0] ?? '';
      i += name.length;
      re += ch === ':' ? '[^/]+' : '.+';
    } else re += ch.replace(/[.+?^$()[\]|\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}/?$`, 'i');
}

/**
 * Label requests by the template they match (low cardinality for metrics). A successful request
 * outside the route table (static files, routers built lazily such as OAuth's) is labelled by its
 * first two path segments; every failed one outside it shares `unmatched`, so junk paths cannot
 * grow the number of series. The table is read on first use, after every route is registered.
 */
export function routeLabeler(app: Express): (req: Pick<Request, 'method'> & { originalUrl: string }, status: number) => string {
  let compiled: Array<{ method: string; path: string; re: RegExp }> | null = null;
  // The template each method and path matched (callers repeat their paths: an agent's searches
  // all go to one), so the table is not scanned again. Emptied when full; misses are not kept.
  const matched = new Map<string, string>();
  return (req, status) => {
    compiled ??= routeTable(app).map((r) => ({ ...r, re: templateRegExp(r.path) }));
    const path = req.originalUrl.split('?')[0]!;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const key = `${method} ${path}`;
    const known = matched.get(key);
    if (known !== undefined) return known;
    for (const r of compiled) {
      if ((r.method === method || r.method === 'ALL') && r.re.test(path)) {
        if (key.length <= KEY_CHARS_KEPT) {
          if (matched.size >= MATCHES_KEPT) matched.clear();
          matched.set(key, r.path);
        }
        return r.path;
      }
    }
    if (status >= 400) return 'unmatched';
    const segments = path.split('/').filter(Boolean);
    return segments.length > 2 ? `/${segments.slice(0, 2).join('/')}/*` : `/${segments.join('/')}`;
  };
}
