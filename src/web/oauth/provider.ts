// Our `OAuthServerProvider` for the MCP SDK's auth router: a thin adapter over the OAuth service.
// The SDK validates requests and PKCE; the service owns state, rules and token lifetimes.
import type { Request, Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import {
  AccessDeniedError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
  type OAuthError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Services } from '../../container.js';
import { OAuthProtocolError, type OAuthErrorCode } from '../../services/oauthService.js';
import { sendPage } from '../layout.js';
import { csrfToken, pageSecurityHeaders, sessionActor } from '../session.js';
import { consentPage } from './consentPage.js';

export class BrainkeepOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;

  constructor(private readonly c: Services) {
    this.clientsStore = {
      getClient: (clientId) => {
        const row = c.oauth.client(clientId);
        if (!row) return undefined;
        // The SDK compares client_secret itself; the token and revoke routes hash the presented
        // secret first (see routes.ts), so the stored hash is what it compares against.
        return {
          ...(row.metadata as Omit<OAuthClientInformationFull, 'client_id'>),
          client_id: row.clientId,
          client_id_issued_at: row.issuedAt,
          client_secret: row.secretHash ?? undefined,
          client_secret_expires_at: row.secretHash ? (row.secretExpiresAt ?? undefined) : undefined,
        };
      },
      registerClient: (client) => {
        const full = client as OAuthClientInformationFull;
        c.oauth.registerClient({ ...full });
        return full;
      },
    };
  }

  /** Sign-in first if needed, then the consent page; the decision is posted to /oauth/consent. */
  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const req = res.req as Request;
    await new Promise<void>((resolve, reject) => sessionActor(this.c)(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    if (!req.signedIn) {
      res.redirect(302, `/login?next=${encodeURIComponent(`/authorize?${authorizeQuery(client.client_id, params)}`)}`);
      return;
    }
    let begun: { requestId: string; scopes: string[] };
    try {
      begun = this.c.oauth.beginAuthorization(req.signedIn.session.id, {
        clientId: client.client_id,
        redirectUri: params.redirectUri,
        state: params.state ?? null,
        scopes: params.scopes ?? [],
        codeChallenge: params.codeChallenge,
        resource: params.resource?.href ?? null,
      });
    } catch (e) {
      throw toSdkError(e);
    }
    // Browsers apply form-action to the redirect that follows the consent form, so allow its target.
    await new Promise<void>((resolve) => pageSecurityHeaders([formTarget(params.redirectUri)])(req, res, () => resolve()));
    const page = consentPage({
      clientName: client.client_name || client.client_id,
      clientUri: client.client_uri ?? null,
      redirectUri: params.redirectUri,
      scopes: begun.scopes,
      requestId: begun.requestId,
      csrf: csrfToken(this.c, req, res),
      user: req.signedIn.user,
    });
    sendPage(res, page);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    return sdkErrors(() => this.c.oauth.challengeForCode(client.client_id, code));
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, _verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    return sdkErrors(() => this.c.oauth.exchangeCode(client.client_id, code, redirectUri, resource?.href));
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    return sdkErrors(() => this.c.oauth.refresh(client.client_id, refreshToken, scopes, resource?.href));
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const v = this.c.oauth.verifyAccessToken(token);
    if (!v) throw new InvalidTokenError('The access token is unknown, expired or revoked.');
    return { token, clientId: v.clientId, scopes: v.scopes, expiresAt: v.expiresAt, resource: v.resource ? new URL(v.resource) : undefined, extra: { userId: v.userId } };
  }

  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    this.c.oauth.revoke(client.client_id, request.token);
  }
}

function sdkErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw toSdkError(e);
  }
}

const SDK_ERRORS: Record<OAuthErrorCode, new (message: string) => OAuthError> = {
  invalid_grant: InvalidGrantError,
  invalid_scope: InvalidScopeError,
  invalid_target: InvalidTargetError,
  invalid_request: InvalidRequestError,
  access_denied: AccessDeniedError,
};

function toSdkError(e: unknown): unknown {
  return e instanceof OAuthProtocolError ? new SDK_ERRORS[e.oauthCode](e.detail) : e;
}

function authorizeQuery(clientId: string, p: AuthorizationParams): string {
  const q = new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: p.redirectUri, code_challenge: p.codeChallenge, code_challenge_method: 'S256' });
  if (p.scopes?.length) q.set('scope', p.scopes.join(' '));
  if (p.state != null) q.set('state', p.state);
  if (p.resource) q.set('resource', p.resource.href);
  return q.toString();
}

/** A CSP source for a redirect URI: its origin for http(s), its scheme for an app's custom scheme. */
function formTarget(redirectUri: string): string {
  const u = new URL(redirectUri);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : u.protocol;
}
