// Sign-in and sign-out pages: email and password, a session cookie, CSRF-checked forms, throttling.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Services } from '../container.js';
import { AppError, RateLimitedError } from '../domain/errors.js';
import { accountRoutes } from './accountRoutes.js';
import { html } from './app/html.js';
import { csrfField, layoutPage, sendPage } from './layout.js';
import { clearSessionCookie, csrfToken, csrfValid, pageSecurityHeaders, safeNext, SESSION_COOKIE, sessionActor, setSessionCookie } from './session.js';

export function signInRoutes(c: Services): Router {
  const r = Router();
  const pages = webPage(c);

  // Signed in, `/` belongs to the web app (mounted before this router).
  r.get('/', ...pages, (req, res, next) => (req.signedIn ? next() : signInPage(c, req, res, { next: '/' })));

  r.get('/login', ...pages, (req, res) => {
    const next = safeNext(req.query.next);
    if (req.signedIn) return res.redirect(303, next);
    signInPage(c, req, res, { next });
  });

  r.post('/login', ...pages, async (req, res) => {
    // No body at all when the request is not a form post (express 5 leaves req.body undefined).
    const body = (req.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body.next);
    const email = typeof body.email === 'string' ? body.email : '';
    if (!csrfValid(c, req, { preSession: true })) return signInPage(c, req, res, { next, email, error: 'The form expired. Please try again.', status: 403 });
    try {
      const { token } = await c.sessions.signIn(email, typeof body.password === 'string' ? body.password : '', req.ip ?? 'unknown');
      // Signing in again (perhaps as someone else) ends the session this browser had.
      if (req.signedIn) c.sessions.signOut((req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE]);
      setSessionCookie(c, res, token);
      res.redirect(303, next);
    } catch (e) {
      if (e instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(e.extras.retryAfter));
        return signInPage(c, req, res, { next, email, error: 'Too many failed attempts. Wait a few minutes and try again.', status: 429 });
      }
      if (e instanceof AppError && e.status === 401) {
        return signInPage(c, req, res, { next, email, error: 'The email or password is not correct.', status: 401 });
      }
      throw e;
    }
  });

  r.post('/logout', ...pages, (req, res) => {
    if (!csrfValid(c, req)) return sendPage(res, layoutPage({ title: 'Sign out', body: html`<div class="card"><p class="error">The form expired. Reload the page and try again.</p></div>` }), 403);
    c.sessions.signOut((req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE]);
    clearSessionCookie(c, res);
    res.redirect(303, '/login');
  });

  r.use(accountRoutes(c));
  return r;
}

/** The middleware every server-rendered page runs: security headers, session, form bodies. */
export function webPage(c: Services, formTargets: string[] = []): RequestHandler[] {
  return [pageSecurityHeaders(formTargets), sessionActor(c), express.urlencoded({ extended: false, limit: '16kb' })];
}

function signInPage(c: Services, req: Request, res: Response, o: { next: string; email?: string; error?: string; status?: number }): void {
  const csrf = csrfToken(c, req, res);
  const body = html`<div class="card">
  <h1>Sign in</h1>
  <form method="post" action="/login">
    ${csrfField(csrf)}
    <input type="hidden" name="next" value="${o.next}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
    <div class="actions"><button class="primary" type="submit">Sign in</button></div>
  </form>
</div>`;
  sendPage(res, layoutPage({ title: 'Sign in', body }), o.status ?? 200);
}
