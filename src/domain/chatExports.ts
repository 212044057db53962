// Chat exports (issue 24.5): ChatGPT's and Claude's `conversations.json`, read into one readable
// markdown transcript per conversation. Pure: the import service handles bytes, zips and the inbox.
//
// ChatGPT: an array of conversations, each a `mapping` of nodes `{ id, message, parent, children }`
// forming a tree: editing a message or regenerating an answer starts a new branch. The transcript
// is the branch the user last saw: from `current_node` up the `parent` links to the root.
// Claude: an array of conversations `{ uuid, name, created_at, chat_messages: [{ sender, text,
// content: [{ type, text }], attachments, files, created_at }] }`, already in order.
import { BadRequestError } from './errors.js';

export const CHAT_FORMATS = ['chatgpt', 'claude'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

export function isChatFormat(v: unknown): v is ChatFormat {
  return typeof v === 'string' && (CHAT_FORMATS as readonly string[]).includes(v);
}

export interface ChatConversation {
  /** `chatgpt:<id>` or `claude:<uuid>`. */
  externalId: string;
  /** The provider's own id of the conversation. */
  id: string;
  title: string;
  createdAt: string | null;
  /** Messages in the transcript (after dropping hidden and empty ones). */
  messages: number;
  markdown: string;
}

interface Turn {
  speaker: string;
  at: string | null;
  text: string;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function refuse(detail: string, code = 'invalid_chat_export'): BadRequestError {
  return new BadRequestError(detail, code);
}

/** Unix seconds (ChatGPT) or an ISO string (Claude) → ISO, or null. */
function isoOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return new Date(Math.round(v * 1000)).toISOString();
  if (typeof v === 'string' && v.trim() && !Number.isNaN(Date.parse(v))) return new Date(Date.parse(v)).toISOString();
  return null;
}

/**
 * Every conversation of an export in `format`. Refuses (400, naming the conversation) anything
 * that is not that format, so a wrong `format` or a stray file changes nothing.
 */
export function parseChatExport(format: ChatFormat, data: unknown): ChatConversation[] {
  const list = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.conversations) ? data.conversations : isObj(data) ? [data] : null;
  if (!list) throw refuse(`A ${label(format)} export's conversations.json is a JSON array of conversations.`);
  const out: ChatConversation[] = [];
  const seen = new Set<string>();
  list.forEach((conv, i) => {
    if (!isObj(conv)) throw refuse(`Conversation ${i + 1} is not a JSON object.`);
    const c = format === 'chatgpt' ? chatgptConversation(conv, i) : claudeConversation(conv, i);
    if (seen.has(c.externalId)) return; // the same conversation twice in one file: the first counts
    seen.add(c.externalId);
    out.push(c);
  });
  return out;
}

function label(format: ChatFormat): string {
  return format === 'chatgpt' ? 'ChatGPT' : 'Claude';
}

function wrongFormat(conv: Obj, i: number, format: ChatFormat): BadRequestError | null {
  if (format === 'chatgpt' && Array.isArray(conv.chat_messages)) {
    return refuse(`Conversation ${i + 1} is from a Claude export (it has chat_messages); import it with format=claude.`, 'wrong_chat_format');
  }
  if (format === 'claude' && isObj(conv.mapping)) {
    return refuse(`Conversation ${i + 1} is from a ChatGPT export (it has a mapping); import it with format=chatgpt.`, 'wrong_chat_format');
  }
  return null;
}

// ---- ChatGPT

function chatgptConversation(conv: Obj, i: number): ChatConversation {
  const wrong = wrongFormat(conv, i, 'chatgpt');
  if (wrong) throw wrong;
  const id = str(conv.id) ?? str(conv.conversation_id);
  if (!id?.trim()) throw refuse(`Conversation ${i + 1} has no id (a ChatGPT conversation has "id" or "conversation_id").`);
  if (!isObj(conv.mapping)) throw refuse(`Conversation ${i + 1} (${id}) has no mapping; it is not a ChatGPT export.`);
  const mapping = conv.mapping;
  const nodes = new Map<string, Obj>();
  for (const [key, node] of Object.entries(mapping)) {
    if (!isObj(node)) throw refuse(`Conversation ${i + 1} (${id}): mapping node ${key} is not an object.`);
    nodes.set(key, node);
  }
  const path = currentPath(nodes, str(conv.current_node));
  const turns: Turn[] = [];
  for (const key of path) {
    const message = nodes.get(key)!.message;
    if (!isObj(message)) continue;
    const turn = chatgptTurn(message);
    if (turn) turns.push(turn);
  }
  const title = str(conv.title)?.trim() || 'Untitled conversation';
  const createdAt = isoOf(conv.create_time);
  const model = str(conv.default_model_slug);
  const facts = [`ChatGPT conversation \`${id}\``];
  if (createdAt) facts.push(`started ${createdAt}`);
  if (model) facts.push(`model ${model}`);
  return { externalId: `chatgpt:${id}`, id, title, createdAt, messages: turns.length, markdown: transcript(title, facts, turns) };
}

/**
 * The node keys from the root to the current node. Without a usable `current_node`, the branch
 * that ends at the most recent leaf (the last child at every fork). Parent links are followed at
 * most once per node, so a cycle in a damaged file cannot loop.
 */
function currentPath(nodes: Map<string, Obj>, current: string | null): string[] {
  let leaf = current && nodes.has(current) ? current : null;
  if (!leaf) {
    const root = [...nodes.entries()].find(([, n]) => n.parent == null || !nodes.has(String(n.parent)))?.[0] ?? null;
    let at = root;
    const walked = new Set<string>();
    while (at && !walked.has(at)) {
      walked.add(at);
      leaf = at;
      const children = (nodes.get(at)!.children as unknown[] | undefined)?.filter((c): c is string => typeof c === 'string' && nodes.has(c)) ?? [];
      at = children[children.length - 1] ?? null;
    }
  }
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at: string | null = leaf; at && nodes.has(at) && !seen.has(at); ) {
    seen.add(at);
    path.push(at);
    const parent = nodes.get(at)!.parent;
    at = typeof parent === 'string' ? parent : null;
  }
  return path.reverse();
}

const CHATGPT_SPEAKERS: Record<string, string> = { user: 'User', assistant: 'ChatGPT', system: 'System', tool: 'Tool' };

function chatgptTurn(message: Obj): Turn | null {
  const author = isObj(message.author) ? message.author : {};
  const role = str(author.role) ?? 'unknown';
  const meta = isObj(message.metadata) ? message.metadata : {};
  if (meta.is_visually_hidden_from_conversation === true) return null;
  const content = isObj(message.content) ? message.content : {};
  const type = str(content.content_type) ?? 'text';
  // Custom instructions, model reasoning and browsing scaffolding are not part of what was said.
  if (['user_editable_context', 'thoughts', 'reasoning_recap', 'tether_browsing_display', 'system_error'].includes(type)) return null;
  let text = '';
  if (type === 'code') {
    const language = str(content.language) ?? '';
    const code = str(content.text) ?? '';
    text = code.trim() ? fence(code, language === 'unknown' ? '' : language) : '';
  } else if (type === 'execution_output') {
    const output = str(content.text) ?? '';
    text = output.trim() ? `Output:\n\n${fence(output, '')}` : '';
  } else if (type === 'tether_quote') {
    const quoted = str(content.text) ?? '';
    const source = str(content.title) ?? str(content.url) ?? '';
    text = quoted.trim() ? `${source ? `From ${source}:\n\n` : ''}${quoted.trim().replace(/^/gm, '> ')}` : '';
  } else if (Array.isArray(content.parts)) {
    text = content.parts.map(partText).filter((p) => p.trim()).join('\n\n');
  } else {
    text = str(content.text) ?? '';
  }
  text = text.trim();
  if (!text) return null;
  let speaker = CHATGPT_SPEAKERS[role] ?? role;
  const name = str(author.name);
  if (role === 'tool' && name) speaker = `Tool (${name})`;
  return { speaker, at: isoOf(message.create_time), text };
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isObj(part)) return '';
  const type = str(part.content_type) ?? '';
  if (type === 'image_asset_pointer') return '[image]';
  if (type.startsWith('audio')) return str(part.text) ?? '[audio]';
  return str(part.text) ?? '';
}

// ---- Claude

function claudeConversation(conv: Obj, i: number): ChatConversation {
  const wrong = wrongFormat(conv, i, 'claude');
  if (wrong) throw wrong;
  const uuid = str(conv.uuid);
  if (!uuid?.trim()) throw refuse(`Conversation ${i + 1} has no uuid; it is not a Claude export.`);
  if (!Array.isArray(conv.chat_messages)) throw refuse(`Conversation ${i + 1} (${uuid}) has no chat_messages; it is not a Claude export.`);
  const turns: Turn[] = [];
  conv.chat_messages.forEach((m, j) => {
    if (!isObj(m)) throw refuse(`Conversation ${i + 1} (${uuid}): message ${j + 1} is not an object.`);
    const turn = claudeTurn(m);
    if (turn) turns.push(turn);
  });
  const title = str(conv.name)?.trim() || 'Untitled conversation';
  const createdAt = isoOf(conv.created_at);
  const facts = [`Claude conversation \`${uuid}\``];
  if (createdAt) facts.push(`started ${createdAt}`);
  const summary = str(conv.summary)?.trim();
  const markdown = transcript(title, facts, turns, summary || null);
  return { externalId: `claude:${uuid}`, id: uuid, title, createdAt, messages: turns.length, markdown };
}

const CLAUDE_SPEAKERS: Record<string, string> = { human: 'User', assistant: 'Claude' };

function claudeTurn(m: Obj): Turn | null {
  const sender = str(m.sender) ?? 'unknown';
  const pieces: string[] = [];
  if (Array.isArray(m.content) && m.content.length) {
    for (const block of m.content) {
      if (!isObj(block)) continue;
      const type = str(block.type);
      if (type === 'text') pieces.push(str(block.text) ?? '');
      else if (type === 'tool_use') pieces.push(`[used the tool ${str(block.name) ?? 'unknown'}]`);
      // thinking, tool_result and other blocks are not part of what was said
    }
  } else {
    pieces.push(str(m.text) ?? '');
  }
  for (const a of Array.isArray(m.attachments) ? m.attachments : []) {
    if (!isObj(a)) continue;
    const name = str(a.file_name) ?? 'attachment';
    const extracted = str(a.extracted_content)?.trim();
    pieces.push(extracted ? `Attachment ${name}:\n\n${fence(extracted, '')}` : `[attachment ${name}]`);
  }
  for (const f of Array.isArray(m.files) ? m.files : []) {
    if (isObj(f) && str(f.file_name)) pieces.push(`[file ${str(f.file_name)}]`);
  }
  const text = pieces.filter((p) => p.trim()).join('\n\n').trim();
  if (!text) return null;
  return { speaker: CLAUDE_SPEAKERS[sender] ?? sender, at: isoOf(m.created_at), text };
}

// ---- the transcript

function transcript(title: string, facts: string[], turns: Turn[], summary: string | null = null): string {
  const lines = [`# ${title.replace(/\s+/g, ' ')}`, '', `${facts.join(', ')}; ${turns.length} message${turns.length === 1 ? '' : 's'}.`, ''];
  if (summary) lines.push(`Summary: ${summary}`, '');
  for (const t of turns) {
    lines.push(`## ${t.speaker}${t.at ? ` (${t.at})` : ''}`, '', t.text, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A fenced block that its own content cannot close. */
function fence(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  return `${bar}${language}\n${text.replace(/\n+$/, '')}\n${bar}`;
}
