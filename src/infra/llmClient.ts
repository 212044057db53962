// An OpenAI-compatible chat-completions client for the LLM filer (OpenAI, Azure OpenAI, Ollama,
// vLLM, LM Studio...). One request, JSON mode asked for, temperature 0; transport failures and
// non-2xx answers are errors the filing pass retries with backoff. The key is sent, never logged.
import type { ChatMessage } from '../domain/filing/llmPrompt.js';

export interface LlmSettings {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs?: number;
}

export class LlmRequestError extends Error {}

/** `…/v1` → `…/v1/chat/completions`; a full completions URL (Azure deployments) is kept as is. */
export function completionsUrl(base: string): string {
  const u = base.replace(/\/+$/, '');
  return /\/chat\/completions(\?|$)/.test(u) ? u : `${u}/chat/completions`;
}

export class LlmClient {
  constructor(private readonly settings: LlmSettings) {}

  get model(): string {
    return this.settings.model;
  }

  async complete(messages: ChatMessage[]): Promise<string> {
    const url = completionsUrl(this.settings.url);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.settings.apiKey) {
      // Azure OpenAI takes `api-key`; everyone else a bearer token.
      if (/\.openai\.azure\.com/i.test(url)) headers['api-key'] = this.settings.apiKey;
      else headers.authorization = `Bearer ${this.settings.apiKey}`;
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.settings.model, messages, temperature: 0, response_format: { type: 'json_object' } }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 120_000),
      });
    } catch (e) {
      throw new LlmRequestError(`The LLM endpoint could not be reached: ${(e as Error).message}`);
    }
    const body = await res.text();
    if (!res.ok) throw new LlmRequestError(`The LLM endpoint answered ${res.status}: ${body.slice(0, 300)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new LlmRequestError('The LLM endpoint did not answer with JSON.');
    }
    const content = (parsed as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmRequestError('The LLM answer has no choices[0].message.content.');
    return content;
  }
}
