// Remote embedding APIs over HTTP (global fetch): OpenAI, Azure OpenAI, Ollama and any
// OpenAI-compatible server. Inputs go in batches; 429, 5xx, timeouts and refused connections
// are retried with exponential backoff (honouring Retry-After); other 4xx fail at once with the
// server's message. Keys travel only in headers and never appear in errors.
import { EmbeddingError, normalize, type EmbeddingProvider } from './provider.js';

export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  /** First backoff delay; doubles per attempt (with jitter). */
  backoffMs: number;
  batchSize: number;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = { timeoutMs: 30_000, retries: 4, backoffMs: 500, batchSize: 64 };

async function postJson(url: string, headers: Record<string, string>, body: unknown, opts: HttpOptions, what: string): Promise<unknown> {
  let lastError = '';
  let retryAfter: number | null = null;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt > 0) await sleep(backoff(opts.backoffMs, attempt, retryAfter));
    retryAfter = null;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      lastError = err.name === 'TimeoutError' ? `timed out after ${opts.timeoutMs} ms` : `could not connect (${err.cause?.code ?? err.message})`;
      continue;
    }
    const text = await res.text().catch(() => '');
    if (res.ok) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new EmbeddingError(`${what} returned a response that is not JSON.`, false);
      }
    }
    lastError = `HTTP ${res.status}: ${serverMessage(text)}`;
    if (res.status === 429 || res.status >= 500) {
      retryAfter = retryAfterMs(res.headers.get('retry-after'));
      continue;
    }
    throw new EmbeddingError(`${what} refused the request (${lastError}).`, false);
  }
  throw new EmbeddingError(`${what} failed after ${opts.retries + 1} attempts (${lastError}).`, true);
}

function backoff(base: number, attempt: number, retryAfter: number | null): number {
  if (retryAfter != null) return Math.min(retryAfter, 60_000);
  const exp = base * 2 ** (attempt - 1);
  return exp / 2 + Math.random() * (exp / 2);
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function serverMessage(text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message);
    if (m) return m.slice(0, 300);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 300) || 'no body';
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function toVectors(raw: unknown, expected: number, dimensions: number, what: string): Float32Array[] {
  if (!Array.isArray(raw) || raw.length !== expected) {
    throw new EmbeddingError(`${what} returned ${Array.isArray(raw) ? raw.length : 'no'} vectors for ${expected} inputs.`, false);
  }
  return raw.map((v) => {
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) throw new EmbeddingError(`${what} returned a vector that is not a list of numbers.`, false);
    if (v.length !== dimensions) {
      throw new EmbeddingError(`${what} returned ${v.length}-dimensional vectors; this brain's embeddingDimensions is ${dimensions}.`, false);
    }
    return normalize(Float32Array.from(v as number[]));
  });
}

/** The `data: [{ index, embedding }]` reply shared by OpenAI, Azure and compatible servers. */
function openAiData(json: unknown, expected: number, dimensions: number, what: string): Float32Array[] {
  const data = (json as { data?: Array<{ index?: number; embedding?: unknown }> }).data;
  if (!Array.isArray(data)) throw new EmbeddingError(`${what} returned no data array.`, false);
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding);
  return toVectors(ordered, expected, dimensions, what);
}

abstract class BatchedProvider implements EmbeddingProvider {
  abstract readonly modelKey: string;
  readonly batchSize: number;
  readonly minSimilarity = 0;

  constructor(
    readonly dimensions: number,
    protected readonly opts: HttpOptions,
  ) {
    this.batchSize = opts.batchSize;
  }

  protected abstract embedBatch(texts: string[]): Promise<Float32Array[]>;

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) out.push(...(await this.embedBatch(texts.slice(i, i + this.batchSize))));
    return out;
  }
}

/** OpenAI (provider 1) and OpenAI-compatible servers (provider 4): POST {base}/embeddings. */
export class OpenAiProvider extends BatchedProvider {
  readonly modelKey: string;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | null,
    private readonly model: string,
    dimensions: number,
    opts: HttpOptions,
    private readonly flavour: 'openai' | 'compatible',
  ) {
    super(dimensions, opts);
    this.modelKey = `${flavour}:${model}`;
  }

  protected async embedBatch(texts: string[]): Promise<Float32Array[]> {
    const what = this.flavour === 'openai' ? 'OpenAI' : 'The embeddings server';
    const body: Record<string, unknown> = { model: this.model, input: texts, encoding_format: 'float' };
    // Only OpenAI's own v3 models accept a requested size; other servers may reject the field.
    if (this.flavour === 'openai' && /^text-embedding-3/.test(this.model)) body.dimensions = this.dimensions;
    const headers: Record<string, string> = this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {};
    const json = await postJson(`${this.baseUrl}/embeddings`, headers, body, this.opts, what);
    return openAiData(json, texts.length, this.dimensions, what);
  }
}

/** Azure OpenAI (provider 2): the model field names the deployment. */
export class AzureOpenAiProvider extends BatchedProvider {
  readonly modelKey: string;

  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string,
    private readonly apiVersion: string,
    private readonly deployment: string,
    dimensions: number,
    opts: HttpOptions,
  ) {
    super(dimensions, opts);
    this.modelKey = `azure:${deployment}`;
  }

  protected async embedBatch(texts: string[]): Promise<Float32Array[]> {
    const url = `${this.endpoint.replace(/\/+$/, '')}/openai/deployments/${encodeURIComponent(this.deployment)}/embeddings?api-version=${encodeURIComponent(this.apiVersion)}`;
    const body: Record<string, unknown> = { input: texts };
    if (/embedding-3/.test(this.deployment)) body.dimensions = this.dimensions;
    const json = await postJson(url, { 'api-key': this.apiKey }, body, this.opts, 'Azure OpenAI');
    return openAiData(json, texts.length, this.dimensions, 'Azure OpenAI');
  }
}

/** Ollama (provider 3): POST {url}/api/embed with `input` as a list; replies `embeddings`. */
export class OllamaProvider extends BatchedProvider {
  readonly modelKey: string;

  constructor(
    private readonly baseUrl: string,
    private readonly model: string,
    dimensions: number,
    opts: HttpOptions,
  ) {
    super(dimensions, opts);
    this.modelKey = `ollama:${model}`;
  }

  protected async embedBatch(texts: string[]): Promise<Float32Array[]> {
    const json = await postJson(`${this.baseUrl}/api/embed`, {}, { model: this.model, input: texts, truncate: true }, this.opts, 'Ollama');
    return toVectors((json as { embeddings?: unknown }).embeddings, texts.length, this.dimensions, 'Ollama');
  }
}
