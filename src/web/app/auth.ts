// The web app's view of the sign-in module (src/web/session.ts): its session cookie, its CSRF
// tokens and its /login and /logout routes. Nothing about sessions is implemented twice.
import type { Services } from '../../container.js';
import { ForbiddenError } from '../../domain/errors.js';
import { csrfToken, csrfValid, fetchSiteAllowed, formSourceAllowed, originAllowed, sessionActor } from '../session.js';
import type { WebAuth } from './context.js';

export function webAuth(c: Services): WebAuth {
  return {
    session: sessionActor(c),
    csrfToken: (req, res) => csrfToken(c, req, res),
    verifyCsrf: (req, _res, next) => (csrfValid(c, req) ? next() : next(csrfFailed())),
    verifyOrigin: (req, _res, next) => (originAllowed(c, req) && fetchSiteAllowed(req) ? next() : next(csrfFailed())),
    verifyFormSource: (req, _res, next) => (formSourceAllowed(c, req) ? next() : next(csrfFailed())),
    signInUrl: (returnTo) => `/login?next=${encodeURIComponent(returnTo)}`,
    signOutUrl: '/logout',
  };
}

function csrfFailed(): ForbiddenError {
  return new ForbiddenError('The form expired or came from another site. Reload the page and try again.', 'csrf_failed');
}
