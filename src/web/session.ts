// Browser sessions for the web pages: the session cookie, the signed-in Actor (`via: 'session'`),
// CSRF tokens for forms and the security headers. The web app reuses these; pages call services only.
import type { Request, RequestHandler, Response } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Services } from '../container.js';
import type { SignedIn } from '../services/sessionService.js';
import { SESSION_TTL_MS } from '../services/sessionService.js';
import { constantTimeEqual, randomBase62 } from '../services/secrets.js';

export const SESSION_COOKIE = 'bk_session';
export const CSRF_COOKIE = 'bk_csrf';
export const CSRF_FIELD = '_csrf';
/** For scripted requests of the web app: the same token in a header instead of the form field. */
export const CSRF_HEADER = 'x-csrf-token';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `sessionActor` when the browser carries a valid session cookie. */
      signedIn?: SignedIn | null;
    }
  }
}

export function isHttpsBase(c: Services): boolean {
  return c.config.baseUrl.startsWith('https:');
}

function cookieOptions(c: Services, maxAgeMs: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: isHttpsBase(c), path: '/', maxAge: maxAgeMs };
}

const parseCookies = cookieParser();

/**
 * Read the session cookie: `req.signedIn` and `req.actor` (a user actor, via 'session') when valid.
 * Leaves `req.actor` alone when there is no valid session, so bearer auth can still apply.
 */
export function sessionActor(c: Services): RequestHandler {
  return (req, res, next) => {
    parseCookies(req, res, () => {
      const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
      const found = c.sessions.lookup(token);
      req.signedIn = found;
      if (found) req.actor = c.sessions.actorOf(found.user);
      next();
    });
  };
}

export function setSessionCookie(c: Services, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, cookieOptions(c, SESSION_TTL_MS));
}

export function clearSessionCookie(c: Services, res: Response): void {
  const { maxAge: _drop, ...opts } = cookieOptions(c, 0);
  res.clearCookie(SESSION_COOKIE, opts);
}

/**
 * The CSRF token to embed in a form: the session's own token when signed in, otherwise a
 * double-submit token kept in a cookie (the sign-in form has no session yet).
 */
export function csrfToken(c: Services, req: Request, res: Response): string {
  if (req.signedIn) return req.signedIn.session.csrfToken;
  let token = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
  if (!token || !/^[0-9A-Za-z]{32}$/.test(token)) {
    token = randomBase62(32);
    res.cookie(CSRF_COOKIE, token, cookieOptions(c, 2 * 3600_000));
  }
  return token;
}

/**
 * True when a submitted form (or header) carries the right CSRF token and, if the browser sent one,
 * our Origin. `preSession` also accepts the sign-in form's cookie token while signed in (a sign-in
 * form rendered before another tab signed in stays usable). A multipart form is checked before its
 * body is read (a cross-site post must not get a file staged): its token comes in the header or in
 * the form's action URL (`?_csrf=`), never from the body.
 */
export function csrfValid(c: Services, req: Request, opts: { preSession?: boolean } = {}): boolean {
  if (!originAllowed(c, req)) return false;
  const sent = req.is('multipart/form-data')
    ? (req.get(CSRF_HEADER) ?? req.query[CSRF_FIELD])
    : ((req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD] ?? req.get(CSRF_HEADER));
  if (typeof sent !== 'string') return false;
  const cookieToken = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
  const expected = [req.signedIn?.session.csrfToken, !req.signedIn || opts.preSession ? cookieToken : undefined];
  return expected.some((token) => !!token && constantTimeEqual(sent, token));
}

/**
 * False when the browser named another site as the request's Origin: such a form is refused on its
 * headers, before its body is read (the token a urlencoded form carries is in the body).
 */
export function originAllowed(c: Services, req: Request): boolean {
  const origin = req.get('origin');
  return !origin || origin === 'null' || isOurOrigin(c, req, origin);
}

function isOurOrigin(c: Services, req: Request, origin: string): boolean {
  return origin === new URL(c.config.baseUrl).origin || origin === `${req.protocol}://${req.get('host')}`;
}

/**
 * False when the browser says (Sec-Fetch-Site) the request was started by another site, same-site
 * neighbours included: only our own pages (same-origin) and the user's own action (none) post here.
 */
export function fetchSiteAllowed(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  return !site || site === 'same-origin' || site === 'none';
}

/**
 * Whether a urlencoded form may be read at all, decided on its headers before its body (where its
 * token is). A browser says where a form comes from: Sec-Fetch-Site (sent to https and loopback
 * addresses only), and always an Origin header on a POST (our pages send no referrer, so theirs is
 * `null`; another site's was refused above), else a Referer. A request with none of these is no
 * current browser's form: its CSRF token must then come outside the body (the X-CSRF-Token header
 * or `?_csrf=`, as for a file form), checked here; otherwise it is refused unread.
 */
export function formSourceAllowed(c: Services, req: Request): boolean {
  if (!originAllowed(c, req) || !fetchSiteAllowed(req)) return false;
  if (req.get('sec-fetch-site') || req.get('origin') != null) return true;
  const referer = req.get('referer');
  if (referer) {
    try {
      return isOurOrigin(c, req, new URL(referer).origin);
    } catch {
      return false;
    }
  }
  const sent = req.get(CSRF_HEADER) ?? req.query[CSRF_FIELD];
  const expected = req.signedIn?.session.csrfToken;
  return typeof sent === 'string' && !!expected && constantTimeEqual(sent, expected);
}

/** Security headers for HTML pages. `formTargets` widens form-action for the consent redirect. */
export function pageSecurityHeaders(formTargets: string[] = []): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'form-action': ["'self'", ...formTargets],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** A same-site path to return to after sign-in; anything else falls back to `/`. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
