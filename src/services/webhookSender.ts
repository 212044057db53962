// Outbound webhook HTTP: one POST per attempt, 10 s for the whole exchange, redirects never
// followed, and the destination checked before connecting. A literal IP is checked as written; a
// name is checked on the addresses it resolves to, inside the connection's own lookup, so the
// address checked is the address connected to (no second resolution an attacker could change).
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { BadRequestError } from '../domain/errors.js';
import { isForbiddenAddress } from '../domain/netAddress.js';

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export const DELIVERY_TIMEOUT_MS = 10_000;

export class ForbiddenDestinationError extends Error {}

// Kept-alive connections: a busy subscription reuses its connection (each new one is checked by the lookup).
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8 });

/** Where webhooks may go: public addresses only, unless the operator allowed private ones. */
export class OutboundGuard {
  constructor(
    readonly allowPrivate: boolean,
    private resolver: Resolver = systemResolver,
  ) {}

  /** Tests map names to addresses without DNS (and without leaving loopback). */
  useResolver(resolver: Resolver): void {
    this.resolver = resolver;
  }

  /** The addresses a host may be reached at; throws ForbiddenDestinationError when any is refused. */
  async addressesOf(hostname: string): Promise<Array<{ address: string; family: number }>> {
    const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
    const literal = isIP(host);
    const addresses = literal ? [{ address: host, family: literal }] : await this.resolver(host);
    if (!addresses.length) throw new ForbiddenDestinationError(`${host} resolves to no address`);
    if (!this.allowPrivate) {
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (bad) throw new ForbiddenDestinationError(`${host} resolves to ${bad.address}, a loopback, private or link-local address`);
    }
    return addresses;
  }

  /** A subscription URL at creation: http(s), and a destination we may reach (400 otherwise). */
  async checkUrl(raw: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BadRequestError('The url is not a valid absolute URL.', 'invalid_webhook_url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestError('The url must be http or https.', 'invalid_webhook_url');
    if (url.username || url.password) throw new BadRequestError('The url must not carry credentials.', 'invalid_webhook_url');
    try {
      await this.addressesOf(url.hostname);
    } catch (e) {
      if (e instanceof ForbiddenDestinationError) {
        throw new BadRequestError(`Webhooks may not be sent to ${url.hostname}: ${e.message}. Set BRAINKEEP_WEBHOOK_ALLOW_PRIVATE=1 to allow private destinations.`, 'webhook_destination_forbidden');
      }
      throw new BadRequestError(`The url's host ${url.hostname} could not be resolved.`, 'webhook_destination_unresolvable');
    }
    return url;
  }

  /** A net lookup that resolves through the guard (checked again at every connection). */
  lookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.addressesOf(hostname).then(
        (addresses) => {
          const family = typeof options === 'object' && options ? options.family : undefined;
          const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
          if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
          if (typeof options === 'object' && options?.all) (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (err: Error) => callback(Object.assign(err, { code: (err as NodeJS.ErrnoException).code ?? 'EFORBIDDEN' }), '', 0),
      );
    };
  }
}

export interface SendResult {
  ok: boolean;
  /** Why it failed: the status, a timeout, a refused destination, a network error. */
  error: string | null;
}

/** POST one delivery; resolves (never rejects) with whether a 2xx came back within the timeout. */
export async function postDelivery(guard: OutboundGuard, rawUrl: string, body: string, headers: Record<string, string>, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, error: 'invalid url' };
  }
  // A literal address never reaches the lookup: check it here.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) {
    try {
      await guard.addressesOf(host);
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Brainkeep-Webhooks', ...headers },
        lookup: guard.lookup(),
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('error', () => {});
        if (status >= 200 && status < 300) return done({ ok: true, error: null });
        if (status >= 300 && status < 400) return done({ ok: false, error: `HTTP ${status} (redirects are not followed)` });
        done({ ok: false, error: `HTTP ${status}` });
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, error: `no reply within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => done({ ok: false, error: err.message }));
    req.end(body);
  });
}
