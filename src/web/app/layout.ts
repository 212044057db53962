// The app shell: top bar with the brain switcher, per-brain tabs, flash message, main content.
// Scripts are external files only (the CSP has no 'unsafe-inline').
import type { BrainView } from '../../services/brainsService.js';
import { roleAtLeast } from '../../domain/roles.js';
import { html, type SafeHtml } from './html.js';
import type { Flash } from './flash.js';

export const APP_BASE = '/app';
export const STATIC_BASE = `${APP_BASE}/static`;

export type Section = 'home' | 'pages' | 'files' | 'search' | 'graph' | 'inbox' | 'settings';

export interface ShellInput {
  title: string;
  user: { email: string; name: string } | null;
  brains: BrainView[];
  brain: BrainView | null;
  section: Section | null;
  csrf: string;
  signOutUrl: string | null;
  flash: Flash | null;
  body: SafeHtml;
  scripts?: string[];
}

export function brainUrl(brain: Pick<BrainView, 'slug'>, rest = ''): string {
  return `${APP_BASE}/b/${encodeURIComponent(brain.slug)}${rest}`;
}

export function pageUrl(brain: Pick<BrainView, 'slug'>, path: string, view = ''): string {
  return `${brainUrl(brain, `/pages${view}`)}?path=${encodeURIComponent(path)}`;
}

export function shell(p: ShellInput): string {
  const tabs: Array<[Section, string, string]> = p.brain
    ? [
        ['home', 'Home', brainUrl(p.brain)],
        ['pages', 'Pages', brainUrl(p.brain, '/pages')],
        ['files', 'Files', brainUrl(p.brain, '/files')],
        ['search', 'Search', brainUrl(p.brain, '/search')],
        ['graph', 'Graph', brainUrl(p.brain, '/graph')],
        ['inbox', 'Inbox', brainUrl(p.brain, '/inbox')],
        ...(roleAtLeast(p.brain.role, 'Admin') ? ([['settings', 'Settings', brainUrl(p.brain, '/settings')]] as Array<[Section, string, string]>) : []),
      ]
    : [];
  const scripts = [`${STATIC_BASE}/app.js`, ...(p.scripts ?? [])];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${p.csrf}">
<title>${p.title}${p.brain ? ` · ${p.brain.name ?? p.brain.slug}` : ''} · Brainkeep</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STATIC_BASE}/app.css">
${scripts.map((s) => html`<script src="${s}" defer></script>`)}
</head>
<body${p.brain ? html` data-home="${brainUrl(p.brain)}" data-search="${brainUrl(p.brain, '/search')}"` : ''}>
<a class="skip" href="#main">Skip to content</a>
<header class="topbar">
  <a class="brand" href="${APP_BASE}">Brainkeep</a>
  ${p.brains.length
    ? html`<form class="switcher" method="get" action="${APP_BASE}/switch" data-autosubmit>
        <label class="visually-hidden" for="brain-switch">Brain</label>
        <select id="brain-switch" name="brain">
          ${p.brains.map((b) => html`<option value="${b.slug}" ${p.brain?.id === b.id ? html`selected` : ''}>${b.name ?? b.slug} (${b.role})</option>`)}
        </select>
        <button type="submit" class="secondary">Open</button>
      </form>`
    : ''}
  ${p.user
    ? html`<div class="who"><a href="${APP_BASE}/brains/new">New brain</a><span>${p.user.name || p.user.email}</span>
        ${p.signOutUrl
          ? html`<form class="inline" method="post" action="${p.signOutUrl}"><input type="hidden" name="_csrf" value="${p.csrf}"><button class="link" type="submit">Sign out</button></form>`
          : ''}
      </div>`
    : ''}
</header>
${tabs.length
  ? html`<nav class="tabs" aria-label="Brain sections">
      ${tabs.map(([key, label, href]) => html`<a href="${href}" ${p.section === key ? html`aria-current="page"` : ''}>${label}</a>`)}
    </nav>`
  : ''}
<main id="main" tabindex="-1">
${p.flash ? html`<div class="flash ${p.flash.kind}" role="${p.flash.kind === 'error' ? 'alert' : 'status'}">${p.flash.text}</div>` : ''}
${p.body}
</main>
</body>
</html>`.value;
}
