// One server per filing suite: a test server seeded with the suite's pages, an upload through the
// HTTP inbox followed by a filing pass, and the page and timeline reads the suites assert on.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { readTimeline } from '../../src/domain/timeline.js';
import { startTestServer, type TestServer } from './server.js';

export interface FilingSuite {
  /** The running server (set once the suite's `before` hook has run). */
  readonly s: TestServer;
  /** A Write credential on the main brain. */
  readonly writer: string;
  /** Upload `body` to the main brain's inbox with a Write credential, run the filing pass, return the item. */
  file(body: Record<string, unknown>): Promise<any>;
  page(path: string): any;
  timeline(path: string): ReturnType<typeof readTimeline>;
  /** The text of `path`'s timeline line of `date` that links `own`; fails the test when there is none. */
  lineOn(path: string, date: string, own: string): string;
}

/** Registers the calling `describe`'s before/after hooks: start a server and put `seed` (path → markdown). */
export function useFilingServer(seed: Record<string, string>): FilingSuite {
  let server: TestServer | undefined;
  let writer = '';
  before(async () => {
    server = await startTestServer();
    writer = server.credential('Write');
    for (const [path, markdown] of Object.entries(seed)) await server.c.pages.put(SYSTEM_ACTOR, 'main', { path, markdown });
  });
  after(async () => server?.stop());

  const running = (): TestServer => {
    assert.ok(server, 'the filing suite server has not started');
    return server;
  };
  const suite: FilingSuite = {
    get s() {
      return running();
    },
    get writer() {
      running();
      return writer;
    },
    async file(body) {
      const s = running();
      const r = await s.request('POST', '/api/v1/brains/main/inbox', { token: writer, body });
      assert.equal(r.status, 201, r.text);
      await s.c.filing.runPass(s.mainBrainId);
      return s.c.inbox.get(SYSTEM_ACTOR, 'main', r.body.item.id);
    },
    page: (path) => running().c.pages.get(SYSTEM_ACTOR, 'main', path),
    timeline: (path) => readTimeline(suite.page(path).markdown),
    lineOn(path, date, own) {
      const link = `[[${own.replace(/\.md$/, '')}|`;
      const lines = suite.timeline(path);
      const line = lines.find((l) => l.date === date && l.text.includes(link));
      assert.ok(line, `${path} has no line dated ${date} linking ${own}: ${JSON.stringify(lines)}`);
      return line.text;
    },
  };
  return suite;
}
