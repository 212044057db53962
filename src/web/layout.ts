// Page layout for the server-rendered pages (sign-in, consent, landing). Output is escaped by
// construction through the `html` template; the web app reuses `layoutPage`, `sendPage` and `form`.
import type { Response } from 'express';
import { html, raw, type HtmlValue, type SafeHtml } from './app/html.js';
import { CSRF_FIELD } from './session.js';

export interface LayoutOptions {
  title: string;
  body: HtmlValue;
  /** Shown in the header with a sign-out button when present. */
  user?: { email: string; displayName: string } | null;
  /** The CSRF token for the header's sign-out form (required when `user` is set). */
  csrf?: string;
}

const STYLE = `
  :root { color-scheme: light dark; --fg:#1d1d1f; --muted:#6e6e73; --bg:#fbfbfd; --card:#fff; --line:#d2d2d7; --accent:#2657c5; }
  @media (prefers-color-scheme: dark) { :root { --fg:#f5f5f7; --muted:#a1a1a6; --bg:#111; --card:#1c1c1e; --line:#3a3a3c; --accent:#7aa2ff; } }
  * { box-sizing: border-box; }
  body { margin:0; font:16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color:var(--fg); background:var(--bg); }
  header { display:flex; justify-content:space-between; align-items:center; padding:.75rem 1.25rem; border-bottom:1px solid var(--line); }
  header a.brand { font-weight:600; color:var(--fg); text-decoration:none; }
  header form { display:inline; margin:0; }
  main { max-width:32rem; margin:2.5rem auto; padding:0 1.25rem; }
  .card { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:1.5rem; }
  h1 { font-size:1.4rem; margin:0 0 1rem; }
  label { display:block; margin:.75rem 0 .25rem; font-weight:500; }
  input[type=email], input[type=password], input[type=text] { width:100%; padding:.55rem .7rem; border:1px solid var(--line); border-radius:8px; font:inherit; background:var(--bg); color:var(--fg); }
  button { font:inherit; padding:.55rem 1rem; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--fg); cursor:pointer; }
  button.primary { background:var(--accent); border-color:var(--accent); color:#fff; }
  .actions { display:flex; gap:.75rem; margin-top:1.25rem; }
  .error { color:#c0392b; margin:.5rem 0 0; }
  .muted { color:var(--muted); font-size:.9rem; }
  ul.plain { list-style:none; padding:0; margin:0; }
  ul.plain li { padding:.5rem 0; border-bottom:1px solid var(--line); }
  code { font-size:.9em; }
`;

export function layoutPage(opts: LayoutOptions): SafeHtml {
  const account = opts.user
    ? html`<span class="muted">${opts.user.displayName || opts.user.email}</span>
        <form method="post" action="/logout">${csrfField(opts.csrf ?? '')}<button type="submit">Sign out</button></form>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · Brainkeep</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><a class="brand" href="/">Brainkeep</a><div>${account}</div></header>
<main>${opts.body}</main>
</body>
</html>`;
}

/** Send a full page; HTML pages are never cached (they carry CSRF tokens). */
export function sendPage(res: Response, page: SafeHtml, status = 200): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(page.toString());
}

export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}
