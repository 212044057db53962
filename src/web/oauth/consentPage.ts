// The consent page of the authorize step: which app asks, for what access, allow or deny.
import { html, type SafeHtml } from '../app/html.js';
import { csrfField, layoutPage } from '../layout.js';

const SCOPE_TEXT: Record<string, string> = {
  'brains:read': 'Read pages, search and follow links in every brain you can access',
  'brains:write': 'Create, change, move and delete pages and upload to inboxes, where your role on a brain allows it',
};

export function consentPage(o: {
  clientName: string;
  clientUri: string | null;
  redirectUri: string;
  scopes: string[];
  requestId: string;
  csrf: string;
  user: { email: string; displayName: string };
}): SafeHtml {
  const redirectHost = hostOf(o.redirectUri);
  const body = html`<div class="card">
  <h1>Allow ${o.clientName} to use Brainkeep?</h1>
  <p><strong>${o.clientName}</strong>${o.clientUri ? html` <span class="muted">(${hostOf(o.clientUri)})</span>` : ''} asks to act as
    <strong>${o.user.email}</strong> with this access:</p>
  <ul>${o.scopes.map((s) => html`<li>${SCOPE_TEXT[s] ?? s} <span class="muted">(<code>${s}</code>)</span></li>`)}</ul>
  <p class="muted">It never gets more than your own role on each brain. After you choose, you go back to <code>${redirectHost}</code>.
    You can revoke the access at any time.</p>
  <form method="post" action="/oauth/consent">
    ${csrfField(o.csrf)}
    <input type="hidden" name="request" value="${o.requestId}">
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </div>
  </form>
</div>`;
  return layoutPage({ title: 'Allow access', body, user: o.user, csrf: o.csrf });
}

export function messagePage(title: string, message: string): SafeHtml {
  return layoutPage({ title, body: html`<div class="card"><h1>${title}</h1><p>${message}</p></div>` });
}

function hostOf(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host || `${u.protocol}//`;
  } catch {
    return uri;
  }
}
