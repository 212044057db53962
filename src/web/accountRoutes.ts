// The signed-in user's own account: changing the password. A change ends every other session and
// revokes the user's OAuth tokens (the session service does that); this browser stays signed in.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Services } from '../container.js';
import { AppError, RateLimitedError } from '../domain/errors.js';
import { html } from './app/html.js';
import { csrfField, layoutPage, sendPage } from './layout.js';
import { csrfToken, csrfValid } from './session.js';
import { webPage } from './signInRoutes.js';

export const PASSWORD_PATH = '/account/password';

export function accountRoutes(c: Services): Router {
  const r = Router();
  const pages = webPage(c);

  r.get(PASSWORD_PATH, ...pages, (req, res) => {
    if (!req.signedIn) return res.redirect(303, `/login?next=${encodeURIComponent(PASSWORD_PATH)}`);
    passwordPage(c, req, res, {});
  });

  // Who is calling is known before the form body is read: the body parser (last of `pages`) runs only when signed in.
  const [headers, session, formBody] = pages as [RequestHandler, RequestHandler, RequestHandler];
  const signedInOnly: RequestHandler = (req, res, next) => (req.signedIn ? next() : res.redirect(303, `/login?next=${encodeURIComponent(PASSWORD_PATH)}`));

  r.post(PASSWORD_PATH, headers, session, signedInOnly, formBody, async (req, res) => {
    if (!req.signedIn) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    if (!csrfValid(c, req)) return passwordPage(c, req, res, { error: 'The form expired. Please try again.', status: 403 });
    if (text('new') !== text('confirm')) return passwordPage(c, req, res, { error: 'The new password and its confirmation differ.', status: 400 });
    try {
      await c.sessions.changePassword(req.signedIn, text('current'), text('new'), req.ip ?? 'unknown');
    } catch (e) {
      if (e instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(e.extras.retryAfter));
        return passwordPage(c, req, res, { error: 'Too many failed attempts. Wait a few minutes and try again.', status: 429 });
      }
      if (e instanceof AppError && e.status < 500) return passwordPage(c, req, res, { error: e.detail, status: e.status });
      throw e;
    }
    passwordPage(c, req, res, { done: true });
  });

  return r;
}

function passwordPage(c: Services, req: Request, res: Response, o: { error?: string; status?: number; done?: boolean }): void {
  const csrf = csrfToken(c, req, res);
  const body = html`<div class="card">
  <h1>Change your password</h1>
  ${o.done
    ? html`<p role="status">Your password is changed. You are still signed in here; every other sign-in and every app you authorised must sign in again.</p>`
    : html`<p class="muted">Changing it signs you out everywhere else and revokes the tokens of apps you authorised.</p>`}
  <form method="post" action="${PASSWORD_PATH}">
    ${csrfField(csrf)}
    <label for="current">Current password</label>
    <input id="current" name="current" type="password" autocomplete="current-password" required>
    <label for="new">New password (at least 8 characters)</label>
    <input id="new" name="new" type="password" autocomplete="new-password" minlength="8" required>
    <label for="confirm">New password again</label>
    <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required>
    ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
    <div class="actions"><button class="primary" type="submit">Change password</button></div>
  </form>
</div>`;
  sendPage(res, layoutPage({ title: 'Change password', body, user: req.signedIn?.user, csrf }), o.status ?? 200);
}
