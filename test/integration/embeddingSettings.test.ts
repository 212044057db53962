// Changing a brain's embedding settings over REST (PATCH /api/v1/brains/{id}): Admin only, the
// body validated (unknown fields, Local's fixed size), refusals change nothing, and a change
// wakes the background worker, which re-embeds every passage with the new model.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A loopback OpenAI-compatible embeddings endpoint: each word hashed into one of `dims` buckets. */
function fakeEmbeddings(dims: number) {
  const models: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      models.push(body.model);
      const data = body.input.map((text, index) => {
        const v = new Array<number>(dims).fill(0);
        for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
          let h = 0;
          for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
          v[h % dims]! += 1;
        }
        v[dims - 1]! += 0.01;
        return { object: 'embedding', index, embedding: v };
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data, model: body.model }));
    });
  });
  return {
    models,
    url: '',
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('embedding settings (PATCH /api/v1/brains/{id})', () => {
  const fake = fakeEmbeddings(8);
  let s: TestServer;
  let admin: string;
  let writer: string;

  before(async () => {
    await fake.start();
    // The worker never polls on its own here: only the change's nudge (or a write) wakes it.
    s = await startTestServer({ BRAINKEEP_EMBEDDINGS_URL: fake.url, BRAINKEEP_EMBEDDINGS_RETRIES: '0', BRAINKEEP_EMBEDDINGS_POLL_MS: '3600000' });
    admin = s.credential('Admin');
    writer = s.credential('Write');
    for (const [path, words] of [
      ['notes/one.md', 'alpha bravo charlie'],
      ['notes/two.md', 'delta echo foxtrot'],
    ]) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: writer, body: { path, markdown: `# ${path}\n\n${words}\n` } });
      assert.equal(r.status, 201);
    }
    await s.c.embeddings.drain();
  });
  after(async () => {
    await s.stop();
    await fake.stop();
  });

  async function status() {
    return (await s.request('GET', `/api/v1/brains/${s.mainBrainId}/search/status`, { token: writer })).body;
  }

  async function settledStatus() {
    for (let i = 0; i < 200; i++) {
      const st = await status();
      if (st.chunks > 0 && st.embedded === st.chunks && !st.reembedding) return st;
      await new Promise((r) => setTimeout(r, 50));
    }
    return status();
  }

  /** What must not move when a change is refused. */
  async function snapshot() {
    const brain = (await s.request('GET', `/api/v1/brains/${s.mainBrainId}`, { token: admin })).body;
    const st = await status();
    const audit = s.c.audit.list(s.mainBrainId).filter((a) => a.action === 'brain.embedding.update').length;
    return { brain, model: st.model, dimensions: st.dimensions, embedded: st.embedded, audit };
  }

  it('refuses a Write credential with 403 and changes nothing', async () => {
    const before = await snapshot();
    const r = await s.request('PATCH', `/api/v1/brains/${s.mainBrainId}`, { token: writer, body: { embeddingProvider: 4, embeddingModel: 'fake-8', embeddingDimensions: 8 } });
    assert.equal(r.status, 403);
    assert.deepEqual(await snapshot(), before);
  });

  it('refuses an unknown property with 400 and changes nothing', async () => {
    const before = await snapshot();
    const r = await s.request('PATCH', `/api/v1/brains/${s.mainBrainId}`, { token: admin, body: { embeddingModel: 'fake-8', colour: 'red' } });
    assert.equal(r.status, 400);
    assert.match(r.headers.get('content-type') ?? '', /problem\+json/);
    assert.deepEqual(await snapshot(), before);
  });

  it('refuses Local with 768 dimensions with 400 naming the reason, and changes nothing', async () => {
    const before = await snapshot();
    const r = await s.request('PATCH', `/api/v1/brains/${s.mainBrainId}`, { token: admin, body: { embeddingProvider: 0, embeddingDimensions: 768 } });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'invalid_embedding_dimensions');
    assert.match(r.body.detail, /Local.*100/);
    assert.deepEqual(await snapshot(), before);
  });

  it('lets an Admin switch provider, model and size; the worker re-embeds everything without being drained', async () => {
    const before = await status();
    assert.equal(before.model, 'local:glove-sg-100d-sif');
    assert.equal(before.embedded, before.chunks);

    const r = await s.request('PATCH', `/api/v1/brains/${s.mainBrainId}`, { token: admin, body: { embeddingProvider: 4, embeddingModel: 'fake-8', embeddingDimensions: 8 } });
    assert.equal(r.status, 200);
    assert.equal(r.body.id, s.mainBrainId);
    assert.equal(r.body.embeddingProvider, 4);
    assert.equal(r.body.embeddingModel, 'fake-8');
    assert.equal(r.body.embeddingDimensions, 8);
    assert.equal(r.body.slug, 'main');

    const after = await settledStatus();
    assert.equal(after.model, 'compatible:fake-8');
    assert.equal(after.dimensions, 8);
    assert.equal(after.embedded, after.chunks);
    assert.equal(after.progress, 1);
    assert.ok(fake.models.length > 0 && fake.models.every((m) => m === 'fake-8'));

    const audit = s.c.audit.list(s.mainBrainId).find((a) => a.action === 'brain.embedding.update');
    assert.ok(audit);
    const got = await s.request('GET', `/api/v1/brains/${s.mainBrainId}`, { token: writer });
    assert.equal(got.body.embeddingDimensions, 8);
  });

  it('switching back to Local without a size takes 100 dimensions and re-embeds with the built-in model', async () => {
    const r = await s.request('PATCH', '/api/v1/brains/main', { token: admin, body: { embeddingProvider: 0, embeddingModel: null } });
    assert.equal(r.status, 200);
    assert.equal(r.body.embeddingProvider, 0);
    assert.equal(r.body.embeddingDimensions, 100);
    await s.c.embeddings.drain();
    const st = await status();
    assert.equal(st.model, 'local:glove-sg-100d-sif');
    assert.equal(st.dimensions, 100);
    assert.equal(st.embedded, st.chunks);
  });
});

describe('embedding settings form (web app)', () => {
  let s: TestServer;
  let cookie: string;
  let csrf: string;

  before(async () => {
    s = await startTestServer();
    const password = /Password\s+(\S+)/.exec(s.printed.join('\n'))![1]!;
    const signedIn = await s.c.sessions.signIn('owner@brainkeep.local', password, '127.0.0.1');
    cookie = `bk_session=${signedIn.token}`;
    csrf = signedIn.session.csrfToken;
    await s.request('PUT', '/api/v1/brains/main/pages', { token: s.credential('Write'), body: { path: 'notes/web.md', markdown: '# Web\n\nkilo lima mike\n' } });
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  const page = async (extraCookie = '') => {
    const r = await fetch(`${s.url}/app/b/main/settings/embeddings`, { headers: { cookie: `${cookie}${extraCookie}` }, redirect: 'manual' });
    return { status: r.status, text: await r.text() };
  };

  /** Post the form; follow the 303 by hand, carrying the flash cookie, and return the page shown. */
  async function post(fields: Record<string, string>) {
    const r = await fetch(`${s.url}/app/b/main/settings/embeddings`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    assert.equal(r.status, 303);
    assert.match(r.headers.get('location') ?? '', /\/app\/b\/main\/settings\/embeddings$/);
    const flash = /bk_flash=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1];
    return page(flash ? `; bk_flash=${flash}` : '');
  }

  it('shows an Owner the change form with the CSRF token', async () => {
    const p = await page();
    assert.equal(p.status, 200);
    assert.match(p.text, /<form method="post" action="\/app\/b\/main\/settings\/embeddings"/);
    assert.ok(p.text.includes(`name="_csrf" value="${csrf}"`));
    assert.match(p.text, /name="embeddingProvider"/);
  });

  it('shows the service message for Local with 768 dimensions and changes nothing', async () => {
    const p = await post({ _csrf: csrf, embeddingProvider: '0', embeddingModel: '', embeddingDimensions: '768' });
    assert.match(p.text, /class="flash error"[^>]*>[^<]*Local provider makes 100-dimensional vectors/);
    assert.equal(s.c.brainsRepo.byId(s.mainBrainId)!.embeddingDimensions, 100);
  });

  it('refuses a post without the CSRF token', async () => {
    const r = await fetch(`${s.url}/app/b/main/settings/embeddings`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: 'embeddingProvider=3&embeddingDimensions=768',
      redirect: 'manual',
    });
    assert.equal(r.status, 403);
    assert.equal(s.c.brainsRepo.byId(s.mainBrainId)!.embeddingProvider, 0);
  });

  it('changes the settings and then shows the re-embed progress', async () => {
    // OpenAICompatible without BRAINKEEP_EMBEDDINGS_URL: the worker records a configuration error, never calls out.
    const p = await post({ _csrf: csrf, embeddingProvider: '4', embeddingModel: 'fake-8', embeddingDimensions: '8' });
    assert.match(p.text, /class="flash ok"[^>]*>[^<]*OpenAICompatible \(fake-8\), 8 dimensions/);
    assert.match(p.text, /<progress id="emb-progress"/);
    assert.match(p.text, /<td>compatible:fake-8<\/td>/);
    const row = s.c.brainsRepo.byId(s.mainBrainId)!;
    assert.deepEqual([row.embeddingProvider, row.embeddingModel, row.embeddingDimensions], [4, 'fake-8', 8]);
  });
});
