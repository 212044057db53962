// The settings sub-navigation shared by every settings screen.
import type { View } from './context.js';
import { html, type SafeHtml } from './html.js';
import { brainUrl } from './layout.js';

export type SettingsTab = 'members' | 'credentials' | 'sources' | 'webhooks' | 'partitions' | 'schema' | 'embeddings' | 'brain';

const TABS: Array<[SettingsTab, string, string]> = [
  ['members', 'Members', ''],
  ['credentials', 'Service credentials', '/credentials'],
  ['sources', 'Ingest sources', '/sources'],
  ['webhooks', 'Webhooks', '/webhooks'],
  ['partitions', 'Partitions', '/partitions'],
  ['schema', 'Schema and instructions', '/schema'],
  ['embeddings', 'Embeddings', '/embeddings'],
  ['brain', 'Name and deletion', '/brain'],
];

export function settingsPage(v: View, tab: SettingsTab, body: SafeHtml): SafeHtml {
  return html`<div class="split two">
    <nav class="panel" aria-label="Settings">
      <h2 class="small muted">Settings</h2>
      <ul class="plain">${TABS.map(
        ([key, label, rest]) => html`<li><a href="${brainUrl(v.brain, `/settings${rest}`)}" ${key === tab ? html`aria-current="page"` : ''}>${label}</a></li>`,
      )}</ul>
    </nav>
    <div class="stack">${body}</div>
  </div>`;
}

export function csrfField(v: View): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${v.csrf}">`;
}

export function when(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—';
}
