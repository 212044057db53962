// The web app under /app: server-rendered pages over the same services as the API, with small
// static scripts for progressive enhancement. Security: a strict CSP (no inline script or style),
// a CSRF token on every state-changing request, escaped output, secrets rendered once (no-store).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookieParser from 'cookie-parser';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Services } from '../../container.js';
import { NotFoundError, PayloadTooLargeError, toAppError } from '../../domain/errors.js';
import { MAX_PAGE_BYTES } from '../../domain/schemas/pages.js';
import { webAuth } from './auth.js';
import { WebApp, type WebAuth } from './context.js';
import { html } from './html.js';
import { APP_BASE, brainUrl, shell } from './layout.js';
import { graphRoutes } from './routes/graphRoutes.js';
import { inboxRoutes } from './routes/inboxRoutes.js';
import { pagesRoutes } from './routes/pagesRoutes.js';
import { filesRoutes } from './routes/filesRoutes.js';
import { partitionsRoutes } from './routes/partitionsRoutes.js';
import { searchRoutes } from './routes/searchRoutes.js';
import { settingsRoutes } from './routes/settingsRoutes.js';
import { sourcesRoutes } from './routes/sourcesRoutes.js';
import { webhooksRoutes } from './routes/webhooksRoutes.js';
import { liveRoutes } from './routes/liveRoutes.js';
import { embeddingsRoutes } from './routes/embeddingsRoutes.js';
import { lifecycleRoutes } from './routes/lifecycleRoutes.js';
import { takeFlash, type Flash } from './flash.js';

/** Resolved from the package root so it works from src/ (tsx) and dist/ alike. */
export const STATIC_DIR = fileURLToPath(new URL('../../../src/web/app/static/', import.meta.url));

/** d3-force and its three dependencies, served from node_modules (never a CDN). */
const VENDOR = new Map<string, string>(
  ['d3-dispatch', 'd3-quadtree', 'd3-timer', 'd3-force'].map((name) => {
    const entry = createRequire(import.meta.url).resolve(name);
    return [`${name}.min.js`, path.join(path.dirname(entry), `${name}.min.js`)] as const;
  }),
);

/**
 * Form bodies. Forms have small fields (1 MB, as a multipart form's field); the page editor's
 * markdown (saved or previewed) is the one large field: a page of MAX_PAGE_BYTES, percent-encoded
 * (up to three bytes a byte), plus its other fields. A bigger declared body is 413 before it is read.
 */
const FORM_LIMIT = 1024 * 1024;
const PAGE_FORM_LIMIT = 3 * MAX_PAGE_BYTES + 64 * 1024;
/** The forms that carry a whole page: the editor's save and preview, and the brain's schema and instructions files. */
const PAGE_FORM_PATH = /^\/b\/[^/]+\/(?:pages\/(?:edit|preview)|settings\/schema)$/;

/**
 * Mounted at the root: `/app/*` is the web app; a signed-in visitor of `/` lands in it (an anonymous
 * one falls through to the sign-in page).
 */
export function webApp(c: Services, log: Logger): Router {
  const auth = webAuth(c);
  const root = Router();
  root.get('/', auth.session, (req, res, next) => (req.actor?.kind === 'user' ? res.redirect(303, APP_BASE) : next()));
  root.use(APP_BASE, webAppRouter(c, auth, log));
  return root;
}

export function webAppRouter(c: Services, auth: WebAuth, log: Logger): Router {
  const app = new WebApp(c, auth);
  const r = Router();
  r.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          // Self and data: (inline previews) only: a remote image in a page would tell its host who read it, and when.
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  r.use('/static', express.static(STATIC_DIR, { index: false, maxAge: '1h', fallthrough: false }));
  r.get('/vendor/:file', (req, res, next) => {
    const file = VENDOR.get(String(req.params.file));
    if (!file) return next(new NotFoundError('The file'));
    res.sendFile(file, { maxAge: '1d', headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
  });
  r.use(cookieParser());
  r.use(auth.session);
  // The session before the body (CONTRACT "Order of checks"): a form from a visitor who is not
  // signed in is never read (its CSRF check then fails, as it would with the body). A form another
  // site posts (its Origin or Sec-Fetch-Site) is refused before its body is read, and so is a body
  // over the form limit or a form that shows no origin at all with its token only in the body.
  const forms = express.urlencoded({ extended: false, limit: FORM_LIMIT });
  const pageForms = express.urlencoded({ extended: false, limit: PAGE_FORM_LIMIT });
  r.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    auth.verifyOrigin(req, res, (err?: unknown) => {
      if (err) res.setHeader('Connection', 'close'); // refused before the body: the rest is never read
      next(err);
    });
  });
  r.use((req, res, next) => {
    if (req.actor?.kind !== 'user') return next();
    const limit = PAGE_FORM_PATH.test(req.path) ? PAGE_FORM_LIMIT : FORM_LIMIT;
    const form = req.is('application/x-www-form-urlencoded');
    if (form && Number(req.get('content-length')) > limit) {
      res.setHeader('Connection', 'close');
      return next(new PayloadTooLargeError(`A form may be at most ${Math.round(limit / 1024)} KB.`, limit));
    }
    const read = () => (limit === FORM_LIMIT ? forms : pageForms)(req, res, next);
    if (!form || req.method === 'GET' || req.method === 'HEAD') return read();
    // A form that names no origin of ours (no Sec-Fetch-Site, Origin or Referer) and carries its
    // token only in the body is refused unread, not after reading up to the limit.
    auth.verifyFormSource(req, res, (err?: unknown) => {
      if (!err) return read();
      res.setHeader('Connection', 'close');
      next(err);
    });
  });
  // The CSRF check of every state-changing request. A file form (multipart) is checked here before a
  // byte of its body is read (its token is in the header or the form's action URL); its body is read
  // only by the routes that take files, after they checked the caller's role (app.fileForm).
  r.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    auth.verifyCsrf(req, res, (err?: unknown) => {
      if (err && req.is('multipart/form-data')) res.setHeader('Connection', 'close'); // refused before the body: the rest is never read
      next(err);
    });
  });

  r.get('/', (req, res) => {
    const actor = app.actorOf(req);
    if (!actor) return res.redirect(303, auth.signInUrl(APP_BASE));
    const brains = c.brains.list(actor);
    if (brains.length) return res.redirect(303, brainUrl(brains.find((b) => b.slug === 'main') ?? brains[0]!));
    // The flash of what led here (deleting the last brain, say) is shown on this page too.
    sendError(app, req, res, 200, 'No brains yet', 'You have no access to any brain yet. Ask an Admin of a brain to add you as a member.', takeFlash(req, res));
  });
  r.get('/switch', (req, res) => {
    const slug = typeof req.query.brain === 'string' ? req.query.brain : '';
    res.redirect(303, slug ? brainUrl({ slug }) : APP_BASE);
  });

  r.use(lifecycleRoutes(app));
  r.use(pagesRoutes(app));
  r.use(filesRoutes(app));
  r.use(searchRoutes(app));
  r.use(graphRoutes(app));
  r.use(inboxRoutes(app));
  r.use(settingsRoutes(app));
  r.use(partitionsRoutes(app));
  r.use(sourcesRoutes(app));
  r.use(webhooksRoutes(app));
  r.use(liveRoutes(app));
  r.use(embeddingsRoutes(app));

  r.use((req, _res, next) => next(new NotFoundError(`The page ${req.originalUrl}`)));
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const problem = toAppError(err);
    if (problem.status >= 500) log.error({ err, reqId: req.id }, 'web app request failed');
    // A script's request (the files page, the editor's drag and drop) reads problem+json, not a page.
    if (prefersJson(req)) {
      if (res.headersSent) return res.end();
      return void res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem.toJSON()));
    }
    if (problem.status === 401 || (problem.code === 'brain_not_found' && !app.actorOf(req))) {
      return res.redirect(303, auth.signInUrl(req.method === 'GET' ? req.originalUrl : APP_BASE));
    }
    if (res.headersSent) return res.end();
    sendError(app, req, res, problem.status, problem.title, problem.detail);
  };
  r.use(onError);
  return r;
}

/**
 * Whether an error should be answered as problem+json: the request asks for JSON over HTML in its
 * Accept header, or it is a script's fetch (Sec-Fetch-Dest: empty) that does not ask for HTML. A
 * page the browser navigates to (a plain form post) gets the HTML error page.
 */
export function prefersJson(req: Request): boolean {
  const accept = req.get('accept');
  const best = accept ? req.accepts(['text/html', 'application/json', 'application/problem+json']) : false;
  if (best === 'application/json' || best === 'application/problem+json') return true;
  return req.get('sec-fetch-dest') === 'empty' && !/text\/html/.test(accept ?? '');
}

function sendError(app: WebApp, req: Request, res: Response, status: number, title: string, detail: string, flash: Flash | null = null): void {
  const actor = app.actorOf(req);
  let csrf = '';
  try {
    csrf = actor ? app.auth.csrfToken(req, res) : '';
  } catch {
    csrf = '';
  }
  res
    .status(status)
    .type('html')
    .send(
      shell({
        title,
        user: actor ? { email: actor.email, name: actor.name } : null,
        brains: actor ? app.c.brains.list(actor) : [],
        brain: null,
        section: null,
        csrf,
        signOutUrl: actor ? app.auth.signOutUrl : null,
        flash,
        body: html`<section class="panel"><h1>${title}</h1><p>${detail}</p><p><a href="${APP_BASE}">Back to your brains</a></p></section>`,
      }),
    );
}
