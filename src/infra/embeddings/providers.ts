// Picks the embedding backend for a brain from its embeddingProvider / embeddingModel /
// embeddingDimensions and the server's environment (base URLs, keys). A missing key or model
// is an EmbeddingError that the queue records and the status route shows.
import type { Config } from '../../config.js';
import { EMBEDDING_PROVIDER } from '../../domain/enums.js';
import { AzureOpenAiProvider, DEFAULT_HTTP_OPTIONS, OllamaProvider, OpenAiProvider, type HttpOptions } from './httpProviders.js';
import { LOCAL_DIMENSIONS, LOCAL_MODEL_KEY, LocalProvider } from './localProvider.js';
import { EmbeddingError, type EmbeddingProvider } from './provider.js';

export interface BrainEmbeddingSettings {
  embeddingProvider: number;
  embeddingModel: string | null;
  embeddingDimensions: number;
}

export const DEFAULT_MODELS: Record<number, string | null> = {
  [EMBEDDING_PROVIDER.Local]: null,
  [EMBEDDING_PROVIDER.OpenAI]: 'text-embedding-3-small',
  [EMBEDDING_PROVIDER.AzureOpenAI]: null,
  [EMBEDDING_PROVIDER.Ollama]: 'nomic-embed-text',
  [EMBEDDING_PROVIDER.OpenAICompatible]: null,
};

export function createEmbeddingProvider(s: BrainEmbeddingSettings, config: Config, http: Partial<HttpOptions> = {}): EmbeddingProvider {
  const e = config.embeddings;
  const opts: HttpOptions = { ...DEFAULT_HTTP_OPTIONS, timeoutMs: e.timeoutMs, retries: e.retries, ...http };
  const model = s.embeddingModel?.trim() || DEFAULT_MODELS[s.embeddingProvider] || null;
  const dims = s.embeddingDimensions;
  const needModel = (what: string) => {
    if (!model) throw new EmbeddingError(`The ${what} provider needs the brain's embeddingModel to be set.`, false);
    return model;
  };
  switch (s.embeddingProvider) {
    case EMBEDDING_PROVIDER.Local:
      if (dims !== LOCAL_DIMENSIONS) {
        throw new EmbeddingError(`The Local provider makes ${LOCAL_DIMENSIONS}-dimensional vectors; this brain's embeddingDimensions is ${dims}.`, false);
      }
      return new LocalProvider(config.modelsDir);
    case EMBEDDING_PROVIDER.OpenAI:
      if (!e.openaiApiKey) throw new EmbeddingError('The OpenAI provider needs OPENAI_API_KEY.', false);
      return new OpenAiProvider(e.openaiBaseUrl, e.openaiApiKey, needModel('OpenAI'), dims, opts, 'openai');
    case EMBEDDING_PROVIDER.AzureOpenAI:
      if (!e.azureEndpoint || !e.azureApiKey) throw new EmbeddingError('The AzureOpenAI provider needs AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY.', false);
      return new AzureOpenAiProvider(e.azureEndpoint, e.azureApiKey, e.azureApiVersion, needModel('AzureOpenAI (deployment name in)'), dims, opts);
    case EMBEDDING_PROVIDER.Ollama:
      return new OllamaProvider(e.ollamaUrl, needModel('Ollama'), dims, opts);
    case EMBEDDING_PROVIDER.OpenAICompatible:
      if (!e.compatibleBaseUrl) throw new EmbeddingError('The OpenAICompatible provider needs BRAINKEEP_EMBEDDINGS_URL.', false);
      return new OpenAiProvider(e.compatibleBaseUrl.replace(/\/+$/, ''), e.compatibleApiKey, needModel('OpenAICompatible'), dims, opts, 'compatible');
    default:
      throw new EmbeddingError(`Unknown embeddingProvider ${s.embeddingProvider}.`, false);
  }
}

/** The key stored with vectors, computed without building the provider (for status and staleness). */
export function modelKeyOf(s: BrainEmbeddingSettings): string {
  const model = s.embeddingModel?.trim() || DEFAULT_MODELS[s.embeddingProvider] || '';
  switch (s.embeddingProvider) {
    case EMBEDDING_PROVIDER.Local:
      return LOCAL_MODEL_KEY;
    case EMBEDDING_PROVIDER.OpenAI:
      return `openai:${model}`;
    case EMBEDDING_PROVIDER.AzureOpenAI:
      return `azure:${model}`;
    case EMBEDDING_PROVIDER.Ollama:
      return `ollama:${model}`;
    default:
      return `compatible:${model}`;
  }
}
