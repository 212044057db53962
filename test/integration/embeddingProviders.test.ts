// Embedding providers on the wire, against a small loopback HTTP server that speaks the
// OpenAI, Azure OpenAI, Ollama and OpenAI-compatible formats: request shape and headers,
// batching, retries with backoff (429/5xx, Retry-After), timeouts, refusals and size checks.
// Then end to end: a brain switched to a remote provider re-embeds everything and searches with it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AzureOpenAiProvider, OllamaProvider, OpenAiProvider, type HttpOptions } from '../../src/infra/embeddings/httpProviders.js';
import { EmbeddingError } from '../../src/infra/embeddings/provider.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { EMBEDDING_PROVIDER } from '../../src/domain/enums.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** Deterministic "meaning": each word hashed into one of `dims` buckets. */
function fakeVector(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 0;
    for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    v[h % dims]! += 1;
  }
  v[dims - 1]! += 0.01;
  return v;
}

class FakeEmbeddingServer {
  seen: Seen[] = [];
  /** Scripted replies consumed first: a status, or 'hang' (never answer). */
  script: Array<number | 'hang' | { status: number; headers: Record<string, string> }> = [];
  dims = 8;
  private server = http.createServer((req, res) => this.handle(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      this.seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const step = this.script.shift();
      if (step === 'hang') return;
      if (step !== undefined) {
        const s = typeof step === 'number' ? { status: step, headers: {} } : step;
        res.writeHead(s.status, { 'content-type': 'application/json', ...s.headers });
        return void res.end(JSON.stringify({ error: { message: `scripted ${s.status}` } }));
      }
      const inputs: string[] = body.input;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url!.startsWith('/api/embed')) {
        return void res.end(JSON.stringify({ model: body.model, embeddings: inputs.map((t) => fakeVector(t, this.dims)) }));
      }
      // OpenAI replies may come out of order; clients must sort by index.
      const data = inputs.map((t, index) => ({ object: 'embedding', index, embedding: fakeVector(t, this.dims) })).reverse();
      res.end(JSON.stringify({ object: 'list', data, model: body.model ?? 'deployment', usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  }
}

const FAST: HttpOptions = { timeoutMs: 2000, retries: 3, backoffMs: 5, batchSize: 2 };

describe('embedding providers on the wire', () => {
  const fake = new FakeEmbeddingServer();
  before(() => fake.start());
  after(() => fake.stop());
  beforeEach(() => {
    fake.seen = [];
    fake.script = [];
    fake.dims = 8;
  });

  it('OpenAI: POST /embeddings with Bearer key, model, input list and dimensions; batches; orders by index', async () => {
    const p = new OpenAiProvider(fake.url, 'sk-test', 'text-embedding-3-small', 8, FAST, 'openai');
    const texts = ['alpha', 'beta gamma', 'delta', 'epsilon', 'zeta'];
    const out = await p.embed(texts);
    assert.equal(out.length, 5);
    assert.equal(fake.seen.length, 3); // batches of 2
    const first = fake.seen[0]!;
    assert.equal(first.method, 'POST');
    assert.equal(first.url, '/embeddings');
    assert.equal(first.headers.authorization, 'Bearer sk-test');
    assert.equal(first.headers['content-type'], 'application/json');
    assert.deepEqual(first.body, { model: 'text-embedding-3-small', input: ['alpha', 'beta gamma'], encoding_format: 'float', dimensions: 8 });
    // Vectors come back normalised and in input order despite the reversed reply.
    const expected = fakeVector('beta gamma', 8);
    const norm = Math.hypot(...expected);
    assert.deepEqual([...out[1]!].map((x) => x.toFixed(5)), expected.map((x) => (x / norm).toFixed(5)));
    assert.equal(p.modelKey, 'openai:text-embedding-3-small');
  });

  it('OpenAI-compatible: no dimensions field, key optional', async () => {
    const p = new OpenAiProvider(fake.url, null, 'my-model', 8, FAST, 'compatible');
    await p.embed(['x']);
    assert.deepEqual(fake.seen[0]!.body, { model: 'my-model', input: ['x'], encoding_format: 'float' });
    assert.equal(fake.seen[0]!.headers.authorization, undefined);
    assert.equal(p.modelKey, 'compatible:my-model');
  });

  it('Azure OpenAI: deployment in the path, api-version in the query, api-key header', async () => {
    const p = new AzureOpenAiProvider(`${fake.url}/`, 'az-key', '2024-02-01', 'embed-deploy', 8, FAST);
    await p.embed(['x', 'y', 'z']);
    assert.equal(fake.seen.length, 2);
    assert.equal(fake.seen[0]!.url, '/openai/deployments/embed-deploy/embeddings?api-version=2024-02-01');
    assert.equal(fake.seen[0]!.headers['api-key'], 'az-key');
    assert.equal(fake.seen[0]!.headers.authorization, undefined);
    assert.deepEqual(fake.seen[0]!.body, { input: ['x', 'y'] });
  });

  it('Ollama: POST /api/embed with model and input list, reads embeddings', async () => {
    const p = new OllamaProvider(fake.url, 'nomic-embed-text', 8, FAST);
    const out = await p.embed(['a', 'b']);
    assert.equal(out.length, 2);
    assert.equal(fake.seen[0]!.url, '/api/embed');
    assert.deepEqual(fake.seen[0]!.body, { model: 'nomic-embed-text', input: ['a', 'b'], truncate: true });
  });

  it('retries 429 and 5xx with backoff, honouring Retry-After, then succeeds', async () => {
    fake.script = [{ status: 429, headers: { 'retry-after': '0' } }, 503, 500];
    const p = new OpenAiProvider(fake.url, 'k', 'text-embedding-3-small', 8, FAST, 'openai');
    const out = await p.embed(['x']);
    assert.equal(out.length, 1);
    assert.equal(fake.seen.length, 4);
  });

  it('gives up after the configured retries with a retryable error naming the last failure', async () => {
    fake.script = [500, 500, 500, 500];
    const p = new OpenAiProvider(fake.url, 'k', 'text-embedding-3-small', 8, FAST, 'openai');
    await assert.rejects(p.embed(['x']), (e: unknown) => e instanceof EmbeddingError && e.retryable && /4 attempts/.test(e.message) && /HTTP 500/.test(e.message));
  });

  it('a 4xx refusal fails at once, not retryable, with the server message and without the key', async () => {
    fake.script = [401];
    const p = new OpenAiProvider(fake.url, 'sk-secret-value', 'text-embedding-3-small', 8, FAST, 'openai');
    await assert.rejects(p.embed(['x']), (e: unknown) => e instanceof EmbeddingError && !e.retryable && /scripted 401/.test(e.message) && !e.message.includes('sk-secret'));
    assert.equal(fake.seen.length, 1);
  });

  it('times out a server that never answers, and retries', async () => {
    fake.script = ['hang', 'hang'];
    const p = new OpenAiProvider(fake.url, 'k', 'm', 8, { ...FAST, timeoutMs: 100, retries: 1 }, 'compatible');
    await assert.rejects(p.embed(['x']), (e: unknown) => e instanceof EmbeddingError && /timed out/.test(e.message));
    assert.equal(fake.seen.length, 2);
  });

  it('a refused connection is retryable', async () => {
    const p = new OllamaProvider('http://127.0.0.1:9', 'm', 8, { ...FAST, retries: 0 });
    await assert.rejects(p.embed(['x']), (e: unknown) => e instanceof EmbeddingError && e.retryable && /could not connect/.test(e.message));
  });

  it('vectors of the wrong size are refused (never stored beside others)', async () => {
    fake.dims = 4;
    const p = new OpenAiProvider(fake.url, 'k', 'm', 8, FAST, 'compatible');
    await assert.rejects(p.embed(['x']), (e: unknown) => e instanceof EmbeddingError && /4-dimensional/.test(e.message));
  });

  describe('a brain switched to a remote provider', () => {
    let s: TestServer;
    before(async () => {
      // A slow poll: the worker wakes only on writes, so the test sees the re-embed before it runs.
      s = await startTestServer({ BRAINKEEP_EMBEDDINGS_URL: fake.url, BRAINKEEP_EMBEDDINGS_RETRIES: '0', BRAINKEEP_EMBEDDINGS_POLL_MS: '3600000' });
    });
    after(async () => s.stop());

    it('re-embeds every chunk with the new model, reports progress, and searches with it', async () => {
      const token = s.credential('Write');
      for (const [path, words] of [
        ['notes/one.md', 'alpha bravo charlie'],
        ['notes/two.md', 'delta echo foxtrot'],
        ['notes/three.md', 'golf hotel india'],
      ]) {
        await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown: `# ${path}\n\n${words}\n` } });
      }
      await s.c.embeddings.drain();
      const before = await s.request('GET', '/api/v1/brains/main/search/status', { token });
      assert.equal(before.body.model, 'local:glove-sg-100d-sif');
      assert.equal(before.body.progress, 1);

      s.c.brainsRepo.update(s.mainBrainId, { embeddingProvider: EMBEDDING_PROVIDER.OpenAICompatible, embeddingModel: 'fake-8', embeddingDimensions: 8 });
      const switched = await s.request('GET', '/api/v1/brains/main/search/status', { token });
      assert.equal(switched.body.model, 'compatible:fake-8');
      assert.equal(switched.body.dimensions, 8);
      assert.equal(switched.body.embedded, 0);
      assert.equal(switched.body.pending, switched.body.chunks);
      assert.equal(switched.body.reembedding, true);

      fake.seen = [];
      await s.c.embeddings.drain();
      const after = await s.request('GET', '/api/v1/brains/main/search/status', { token });
      assert.equal(after.body.embedded, after.body.chunks);
      assert.equal(after.body.progress, 1);
      assert.equal(after.body.reembedding, false);
      assert.ok(fake.seen.length > 0);
      assert.ok(fake.seen.every((r) => r.body.model === 'fake-8'));

      fake.seen = [];
      const r = await s.request('GET', '/api/v1/brains/main/search?q=echo%20delta&mode=semantic', { token });
      assert.equal(r.status, 200);
      assert.equal(r.body.hits[0].path, 'notes/two.md');
      assert.equal(fake.seen.length, 1); // the query was embedded by the same provider
    });

    it('a provider that fails leaves chunks queued with the error in the status; search falls back to words', async () => {
      const token = s.credential('Write');
      fake.script = [500, 500, 500];
      await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: 'notes/four.md', markdown: '# four\n\njuliet kilo lima\n' } });
      await s.c.embeddings.drain();
      const st = await s.request('GET', '/api/v1/brains/main/search/status', { token });
      assert.equal(st.body.pending, 1);
      assert.equal(st.body.failing, 1);
      assert.match(st.body.lastError, /HTTP 500/);
      fake.script = [500, 500, 500];
      const r = await s.request('GET', '/api/v1/brains/main/search?q=kilo&mode=semantic', { token });
      assert.equal(r.status, 200);
      assert.ok(r.body.hits.some((h: { path: string }) => h.path === 'notes/four.md'));
    });
  });
});
