// A browser (cookies, Sec-Fetch-Site) and an OAuth client in a few functions: sign in through the real form, register a
// client, walk /authorize → consent → code, and redeem the code with PKCE at /token.
import { createHash, randomBytes } from 'node:crypto';

export interface Browser {
  cookies: Map<string, string>;
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

export function browser(): Browser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      // As a browser on our own pages says where its request comes from (unless the test names an origin).
      if (!headers.has('origin') && !headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const [name, ...value] = pair!.split('=');
        const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || attrs.some((a) => /^\s*max-age=0/i.test(a));
        if (expired) cookies.delete(name!.trim());
        else cookies.set(name!.trim(), value.join('='));
      }
      return res;
    },
  };
}

export function hiddenField(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no hidden field ${name} in:\n${html.slice(0, 2000)}`);
  return m[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
}

/** Sign in through GET /login and POST /login; returns the final response. */
export async function signIn(b: Browser, base: string, email: string, password: string, next = '/'): Promise<Response> {
  const page = await (await b.fetch(`${base}/login?next=${encodeURIComponent(next)}`)).text();
  return b.fetch(`${base}/login`, form({ _csrf: hiddenField(page, '_csrf'), next, email, password }));
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  client_name?: string;
}

export async function registerClient(base: string, extra: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test Agent', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none', ...extra }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()) as RegisteredClient;
}

export function authorizeUrl(base: string, client: RegisteredClient, o: { challenge: string; scope?: string; state?: string; resource?: string; method?: string }): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0]!,
    code_challenge: o.challenge,
    code_challenge_method: o.method ?? 'S256',
    state: o.state ?? 'st-1',
  });
  if (o.scope) q.set('scope', o.scope);
  if (o.resource) q.set('resource', o.resource);
  return `${base}/authorize?${q}`;
}

/** GET /authorize as a signed-in browser, then allow (or deny) on the consent page; returns the redirect. */
export async function consent(b: Browser, base: string, url: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ location: URL; consentHtml: string; consentCsp: string }> {
  const res = await b.fetch(url);
  const consentHtml = await res.text();
  if (res.status !== 200) throw new Error(`authorize: ${res.status} ${res.headers.get('location')} ${consentHtml.slice(0, 500)}`);
  const consentCsp = res.headers.get('content-security-policy') ?? '';
  const posted = await b.fetch(`${base}/oauth/consent`, form({ _csrf: hiddenField(consentHtml, '_csrf'), request: hiddenField(consentHtml, 'request'), decision }));
  if (posted.status !== 303) throw new Error(`consent: ${posted.status} ${await posted.text()}`);
  return { location: new URL(posted.headers.get('location')!), consentHtml, consentCsp };
}

export async function tokenRequest(base: string, fields: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/token`, form(fields));
  return { status: res.status, body: await res.json() };
}

/** The whole dance for one user: sign in, register, authorize, consent, redeem. */
export async function oauthTokens(base: string, email: string, password: string, scope = 'brains:read brains:write'): Promise<{ access_token: string; refresh_token: string; client: RegisteredClient; scope: string }> {
  const b = browser();
  const signed = await signIn(b, base, email, password);
  if (signed.status !== 303) throw new Error(`sign-in failed: ${signed.status}`);
  const client = await registerClient(base);
  const { verifier, challenge } = pkce();
  const { location } = await consent(b, base, authorizeUrl(base, client, { challenge, scope }));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const t = await tokenRequest(base, { grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: verifier, redirect_uri: client.redirect_uris[0]! });
  if (t.status !== 200) throw new Error(`token: ${t.status} ${JSON.stringify(t.body)}`);
  return { ...t.body, client };
}
