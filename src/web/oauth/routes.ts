// OAuth 2.1 endpoints: the MCP SDK's auth router (metadata, /authorize, /token, /register, /revoke)
// over our provider, the consent decision route, and protected-resource metadata for both the whole
// server and /mcp. Built on first use because the public base URL is known only after listen (PORT=0).
import express, { Router, type RequestHandler } from 'express';
import { mcpAuthRouter, createOAuthMetadata } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import type { Services } from '../../container.js';
import { MCP_PATH, OAUTH_SCOPES, oauthAvailable } from '../../services/oauthService.js';
import { hashToken } from '../../services/secrets.js';
import { sendPage } from '../layout.js';
import { csrfValid } from '../session.js';
import { webPage } from '../signInRoutes.js';
import { messagePage } from './consentPage.js';
import { BrainkeepOAuthProvider } from './provider.js';
import { SharedWindowStore } from '../../http/middleware/rateLimit.js';

const LATE_BUILT = { validate: { creationStack: false } };

/** The SDK limiter's options: its own defaults, counted in the shared database when there is one. */
function limitOptions(c: Services, prefix: string): typeof LATE_BUILT & { store?: SharedWindowStore } {
  return c.sharedLimits ? { ...LATE_BUILT, store: new SharedWindowStore(c.sharedLimits, prefix) } : LATE_BUILT;
}

export function oauthRoutes(c: Services): RequestHandler {
  let built: Router | null = null;
  return (req, res, next) => {
    built ??= buildOAuthRouter(c);
    built(req, res, next);
  };
}

function buildOAuthRouter(c: Services): Router {
  const r = Router();
  const base = new URL(`${c.config.baseUrl}/`);
  if (!oauthAvailable(c.config.baseUrl)) return r; // see oauthAvailable: OAuth 2.1 needs https off loopback
  const provider = new BrainkeepOAuthProvider(c);

  // Client secrets are stored hashed: hash the presented one before the SDK compares it.
  const hashClientSecret: RequestHandler[] = [
    express.urlencoded({ extended: false, limit: '16kb' }),
    (req, _res, next) => {
      const body = req.body as Record<string, unknown> | undefined;
      if (body && typeof body.client_secret === 'string') body.client_secret = hashToken(body.client_secret);
      next();
    },
  ];
  r.use(['/token', '/revoke'], ...hashClientSecret);

  const options = {
    provider,
    issuerUrl: base,
    baseUrl: base,
    scopesSupported: [...OAUTH_SCOPES],
    resourceName: 'Brainkeep',
    resourceServerUrl: new URL(`${c.config.baseUrl}${MCP_PATH}`),
    serviceDocumentationUrl: undefined,
    // The SDK's per-IP limits stay; the router is built on the first request, which is by design here.
    // With several nodes (PostgreSQL) their counts are shared in the database, one store per endpoint.
    authorizationOptions: { rateLimit: limitOptions(c, 'oauth-authorize:') },
    tokenOptions: { rateLimit: limitOptions(c, 'oauth-token:') },
    clientRegistrationOptions: { rateLimit: limitOptions(c, 'oauth-register:') },
    revocationOptions: { rateLimit: limitOptions(c, 'oauth-revoke:') },
  };
  r.use(mcpAuthRouter(options));
  // RFC 9728 at the root too: the whole server (REST, MCP, git) is one protected resource.
  r.use(
    '/.well-known/oauth-protected-resource',
    metadataHandler({
      resource: base.href,
      authorization_servers: [createOAuthMetadata(options).issuer],
      scopes_supported: [...OAUTH_SCOPES],
      resource_name: 'Brainkeep',
      bearer_methods_supported: ['header'],
    }),
  );

  r.post('/oauth/consent', ...webPage(c), (req, res) => {
    if (!req.signedIn) return sendPage(res, messagePage('Signed out', 'Your session ended. Start again from the app that asked for access.'), 401);
    if (!csrfValid(c, req)) return sendPage(res, messagePage('Form expired', 'Reload the page and try again.'), 403);
    const body = req.body as Record<string, unknown>;
    const requestId = typeof body.request === 'string' ? body.request : '';
    const allow = body.decision === 'allow';
    const target = c.oauth.decide(requestId, req.signedIn.session.id, req.signedIn.user, allow);
    if (!target) return sendPage(res, messagePage('Request expired', 'This authorization request is no longer valid. Start again from the app that asked for access.'), 400);
    res.redirect(303, target);
  });
  return r;
}
