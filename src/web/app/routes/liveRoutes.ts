// The brain's event stream for the signed-in web app (same origin, session cookie; EventSource
// cannot send a bearer token): the same service and format as GET /api/v1/brains/{id}/events.
import { Router } from 'express';
import { actorIdentity } from '../../../domain/actor.js';
import type { PageView } from '../../../services/pagesService.js';
import { openEventStream } from '../../../http/eventStreamResponse.js';
import type { View, WebApp } from '../context.js';
import { html, type SafeHtml } from '../html.js';
import { brainUrl, STATIC_BASE } from '../layout.js';

/** The page view's hook: the script, and the (hidden until needed) notice it fills in. */
export const PAGE_LIVE_SCRIPT = `${STATIC_BASE}/pageLive.js`;

export function pageLiveNotice(v: View, page: PageView): SafeHtml {
  return html`<div id="page-live" class="flash" role="status" aria-live="polite" hidden
    data-events="${brainUrl(v.brain, '/events')}" data-path="${page.path}" data-version="${String(page.version)}" data-me="${actorIdentity(v.actor).name}"></div>`;
}

export function liveRoutes(app: WebApp): Router {
  const r = Router();
  r.get(
    '/b/:brain/events',
    app.brainPage((v) => {
      const last = v.req.get('last-event-id')?.trim() || null;
      const stream = v.c.eventStreams.prepare(v.actor, v.brain.id, last);
      const open = stream.start(openEventStream(v.res));
      v.res.on('close', () => open.close());
    }),
  );
  return r;
}
