// Per-request view context for the web app: who is signed in, which brains they can open, the
// brain in the URL (resolved through the brains service, so the same 404/403 rules as the API),
// the CSRF token for forms, and helpers to render, redirect with a flash, or show an error.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Services } from '../../container.js';
import type { Actor } from '../../domain/actor.js';
import { AppError, UnauthorizedError } from '../../domain/errors.js';
import type { Role } from '../../domain/roles.js';
import { multipartUpload } from '../../http/multipartUpload.js';
import type { BrainView } from '../../services/brainsService.js';
import { setFlash, takeFlash, type Flash } from './flash.js';
import type { SafeHtml } from './html.js';
import { shell, type Section } from './layout.js';

/** What the web app needs from the sign-in module (session cookie, CSRF, sign-in pages). */
export interface WebAuth {
  /** Middleware that sets req.actor from the session cookie. */
  session: RequestHandler;
  /** The CSRF token to embed in forms (hidden `_csrf` field) and the `csrf-token` meta tag. */
  csrfToken(req: Request, res: Response): string;
  /** Refuses a state-changing request without a valid CSRF token. */
  verifyCsrf: RequestHandler;
  /** Refuses a request whose Origin (or Sec-Fetch-Site) is another site, on its headers alone (before the body). */
  verifyOrigin: RequestHandler;
  /** Refuses a urlencoded form that cannot show it comes from our pages, on its headers alone (session.ts formSourceAllowed). */
  verifyFormSource: RequestHandler;
  /** Where to send an anonymous visitor, coming back to `returnTo` after signing in. */
  signInUrl(returnTo: string): string;
  /** POST target that ends the session. */
  signOutUrl: string;
}

export type SignedInUser = Extract<Actor, { kind: 'user' }>;

export interface View {
  c: Services;
  req: Request;
  res: Response;
  actor: SignedInUser;
  brains: BrainView[];
  brain: BrainView;
  csrf: string;
  flash: Flash | null;
}

export interface RenderOpts {
  title: string;
  section: Section | null;
  body: SafeHtml;
  status?: number;
  scripts?: string[];
  /** Pages that show a secret must not be cached anywhere. */
  noStore?: boolean;
}

export class WebApp {
  constructor(
    readonly c: Services,
    readonly auth: WebAuth,
  ) {}

  actorOf(req: Request): SignedInUser | null {
    return req.actor?.kind === 'user' ? req.actor : null;
  }

  /** A handler for `/b/:brain/...`: resolves the brain (404 when invisible) and builds the view. */
  brainPage(handler: (v: View) => Promise<void> | void): RequestHandler {
    return async (req: Request, res: Response, next: NextFunction) => {
      try {
        const actor = this.actorOf(req);
        if (!actor) return res.redirect(303, this.auth.signInUrl(req.originalUrl));
        const brain = this.c.brains.get(actor, String(req.params.brain));
        const view: View = {
          c: this.c,
          req,
          res,
          actor,
          brain,
          brains: this.c.brains.list(actor),
          csrf: this.auth.csrfToken(req, res),
          flash: req.method === 'GET' ? takeFlash(req, res) : null,
        };
        await handler(view);
      } catch (e) {
        next(e);
      }
    };
  }

  /**
   * A form POST under `/b/:brain/...`: runs the action, then redirects (303) with a success flash;
   * a refused action (any AppError: the service's own message) redirects back with that message.
   */
  brainAction(action: (v: View) => Promise<{ to: string; ok?: string } | void> | { to: string; ok?: string } | void, back: (v: View) => string): RequestHandler {
    return this.brainPage(async (v) => {
      try {
        const out = await action(v);
        if (!out) return; // the action rendered its own response
        if (out.ok) setFlash(v.res, { kind: 'ok', text: out.ok });
        v.res.redirect(303, out.to);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        setFlash(v.res, { kind: 'error', text: e.detail });
        v.res.redirect(303, back(v));
      }
    });
  }

  /**
   * The handlers a file form (multipart POST under `/b/:brain/...`) runs before its action: the
   * caller is signed in and has `role` on the brain (its CSRF token, in the header or the form's
   * action URL, was checked for every form already), all before a byte of the body is read; then
   * the body is parsed and its file staged. multipartUpload removes the staged parts afterwards.
   */
  fileForm(role: Role = 'Write'): RequestHandler[] {
    const gate: RequestHandler = (req, res, next) => {
      try {
        const actor = this.actorOf(req);
        if (!actor) throw new UnauthorizedError();
        this.c.access.require(actor, String(req.params.brain), role);
        next();
      } catch (e) {
        res.setHeader('Connection', 'close'); // refused before the body: the rest is never read
        next(e);
      }
    };
    return [gate, multipartUpload(this.c.inbox.staging, (req) => this.actorOf(req) != null)];
  }

  render(v: View, o: RenderOpts): void {
    if (o.noStore) v.res.setHeader('Cache-Control', 'no-store');
    v.res
      .status(o.status ?? 200)
      .type('html')
      .send(
        shell({
          title: o.title,
          user: { email: v.actor.email, name: v.actor.name },
          brains: v.brains,
          brain: v.brain,
          section: o.section,
          csrf: v.csrf,
          signOutUrl: this.auth.signOutUrl,
          flash: v.flash,
          body: o.body,
          scripts: o.scripts,
        }),
      );
  }
}

/** A form field as a string ('' when absent); repeated fields take the first. */
export function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : '';
  return typeof value === 'string' ? value : '';
}

/** A query parameter as a string ('' when absent). */
export function queryString(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === 'string' ? value : '';
}

/** Comma/newline separated list field → trimmed non-empty values. */
export function listField(body: unknown, name: string): string[] {
  return field(body, name)
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
