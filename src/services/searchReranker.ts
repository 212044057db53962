// The optional reranker of hybrid search (BRAINKEEP_SEARCH_RERANK=llm): the configured
// OpenAI-compatible LLM reads the question and the top candidates and puts them in order. A
// failed or unreadable answer leaves the fused order as it was: search never fails because the
// reranker is down, it is only not reranked.
import { buildRerankMessages, parseRerankAnswer, rerankedOrder, type RerankCandidate } from '../domain/rerankPrompt.js';
import { LlmRequestError, type LlmClient } from '../infra/llmClient.js';

export interface Reranker {
  /** How many of the top candidates are reranked. */
  readonly depth: number;
  /** The candidates' new order (indexes into `candidates`), or null to keep theirs. */
  order(question: string, candidates: RerankCandidate[]): Promise<number[] | null>;
}

export class LlmReranker implements Reranker {
  constructor(
    private readonly client: LlmClient,
    readonly depth: number,
  ) {}

  async order(question: string, candidates: RerankCandidate[]): Promise<number[] | null> {
    let answer: string;
    try {
      answer = await this.client.complete(buildRerankMessages(question, candidates));
    } catch (e) {
      if (e instanceof LlmRequestError) return null;
      throw e;
    }
    const ranking = parseRerankAnswer(answer, candidates.length);
    return ranking ? rerankedOrder(ranking, candidates.length) : null;
  }
}
