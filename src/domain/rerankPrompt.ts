// The optional LLM reranker's conversation: the question and the top candidates of a hybrid
// search go in (numbered, each with its title, path and the text of its best chunk); the
// candidates' numbers, most relevant first, must come out as JSON. Pure: the HTTP call lives
// in the service layer.
import type { ChatMessage } from './filing/llmPrompt.js';

export interface RerankCandidate {
  path: string;
  title: string;
  text: string;
}

/** Characters of each candidate's text shown to the model. */
const TEXT_CHARS = 600;

export function buildRerankMessages(question: string, candidates: RerankCandidate[]): ChatMessage[] {
  const list = candidates
    .map((c, i) => `[${i + 1}] ${c.title} (${c.path})\n${c.text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS)}`)
    .join('\n\n');
  return [
    {
      role: 'system',
      content:
        'You rank the pages of a knowledge base by how well each answers a search question. ' +
        'Judge by meaning, not by shared words: a page answers when it is what the question asks for ' +
        '(the person, company, meeting or concept it describes), not merely a page that mentions the names in it. ' +
        'Reply with JSON only: {"ranking": [numbers of the pages, most relevant first]}. Leave out pages that do not answer.',
    },
    { role: 'user', content: `Question: ${question}\n\nPages:\n${list}` },
  ];
}

/**
 * The model's order as candidate indexes (0-based), each at most once; numbers that name no
 * candidate are dropped. Null when the answer is not the JSON asked for.
 */
export function parseRerankAnswer(answer: string, count: number): number[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return null;
  }
  const ranking = (parsed as { ranking?: unknown } | null)?.ranking;
  if (!Array.isArray(ranking)) return null;
  const out: number[] = [];
  for (const n of ranking) {
    const i = typeof n === 'number' ? n : typeof n === 'string' && /^\d+$/.test(n.trim()) ? Number(n) : NaN;
    if (Number.isInteger(i) && i >= 1 && i <= count && !out.includes(i - 1)) out.push(i - 1);
  }
  return out;
}

/**
 * The new order of `count` candidates: those the model ranked, in its order, then the others in
 * their first order (a page the model left out is not dropped, only placed after).
 */
export function rerankedOrder(ranking: number[], count: number): number[] {
  const rest = Array.from({ length: count }, (_, i) => i).filter((i) => !ranking.includes(i));
  return [...ranking, ...rest];
}
