// Settings → embeddings: the brain's provider, model and dimensions, and how far embedding (or a
// re-embed after a change of model) has got, from c.search.status. The page refreshes itself
// while work is pending.
import { Router } from 'express';
import { EMBEDDING_PROVIDER_NAMES } from '../../../domain/enums.js';
import type { WebApp } from '../context.js';
import { html } from '../html.js';
import { settingsPage } from '../settingsNav.js';
import { STATIC_BASE } from '../layout.js';

export function embeddingsRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/settings/embeddings',
    app.brainPage(async (v) => {
      const st = await v.c.search.status(v.actor, v.brain.id);
      const pct = Math.floor(st.progress * 100);
      const busy = st.pending > 0 || st.reembedding;
      const body = html`<section class="panel">
        <h1>Embeddings</h1>
        <table class="props"><tbody>
          <tr><th scope="row">Provider</th><td>${st.providerName || EMBEDDING_PROVIDER_NAMES[st.provider] || String(st.provider)}</td></tr>
          <tr><th scope="row">Model</th><td>${st.model}</td></tr>
          <tr><th scope="row">Dimensions</th><td>${st.dimensions}</td></tr>
        </tbody></table>
        <h2>${st.reembedding ? 'Re-embedding after a model change' : 'Progress'}</h2>
        <p><label for="emb-progress">${st.embedded} of ${st.chunks} passages embedded (${pct}%)</label>
          <progress id="emb-progress" max="100" value="${pct}">${pct}%</progress></p>
        <p class="small muted">${st.pending} waiting${st.failing ? `, ${st.failing} failing` : ''}.${busy ? ' This page updates every few seconds.' : ''}</p>
        ${st.lastError ? html`<div class="flash error" role="alert">Last error from the provider: ${st.lastError}</div>` : ''}
        <p class="small muted">Semantic and hybrid search use these vectors; passages not embedded yet are still found by their words.</p>
      </section>`;
      app.render(v, { title: 'Embeddings', section: 'settings', body: settingsPage(v, 'embeddings', body), scripts: busy ? [`${STATIC_BASE}/refresh.js`] : [] });
    }),
  );
  return r;
}
