// Chat imports (issue 24.5): a ChatGPT or Claude export, as its `conversations.json` or the whole
// export zip, becomes one inbox item per conversation: a markdown transcript with the externalId
// `chatgpt:<id>` / `claude:<uuid>` and the skill `ingest-conversation`. Everything is read and
// checked before the first item is stored, so bad input (not JSON, the other format, a zip over
// the limits) changes nothing. A later export of the same account makes a revision only of the
// conversations whose transcript changed (InboxService.acceptVersion); the others are repeats.
import type { BrainRef } from '../domain/brainRef.js';
import path from 'node:path';
import type { Logger } from 'pino';
import { actorIdentity, actorRef, type Actor } from '../domain/actor.js';
import { isChatFormat, parseChatExport, CHAT_FORMATS, type ChatConversation, type ChatFormat } from '../domain/chatExports.js';
import { BadRequestError, PayloadTooLargeError, toAppError } from '../domain/errors.js';
import type { StagedFile } from '../storage/contentStore.js';
import type { ContentStore } from '../storage/contentStore.js';
import type { AccessService } from './accessService.js';
import type { InboxService } from './inboxService.js';
import { ExtractionLimitError, readZipEntry, type ZipLimits } from '../infra/zipLimits.js';

export interface ChatImportInput {
  /** The raw request body. */
  bytes?: Buffer;
  /** A multipart file staged by the HTTP adapter (which removes it afterwards); only read here. */
  stagedFile?: StagedFile;
}

/** What became of one conversation of the export. */
export interface ChatImportConversation {
  /** Its place in the export (0-based). */
  index: number;
  externalId: string;
  title: string;
  outcome: 'created' | 'revised' | 'duplicate' | 'failed';
  /** Its inbox item (for a duplicate, the item it repeats); null when it failed. */
  itemId: string | null;
  /** Why it was not stored (the problem it met); null when it was. */
  error: { status: number; code: string; detail: string } | null;
}

export interface ChatImportResult {
  created: number;
  revised: number;
  duplicates: number;
  /** Conversations that could not be stored; `conversations` says which and why. */
  failed: number;
  /** The item of every stored conversation, in the export's order (for a repeat, the item it repeats). */
  items: string[];
  /** Every conversation of the export, in its order, with what became of it. */
  conversations: ChatImportConversation[];
}

export interface ChatImportLimits {
  /** Most bytes an uploaded export (JSON or zip) may have. */
  maxBytes: number;
  /** Limits on the zip: entries, and the inflated size of its conversations.json. */
  zip: ZipLimits;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Items stored at once: concurrent inserts share one durable commit (inbox group commit). */
const CONCURRENCY = 8;

export class ChatImportService {
  constructor(
    private readonly access: AccessService,
    private readonly inbox: InboxService,
    private readonly content: ContentStore,
    private readonly limits: ChatImportLimits,
    /** The server's log: a conversation that failed for an unexpected reason is logged here, with its stack. */
    private readonly log: Logger,
  ) {}

  /** The format query parameter, checked (the HTTP adapter asks before it reads the body). */
  format(value: string | null): ChatFormat {
    if (!value) throw new BadRequestError(`format is required: ${CHAT_FORMATS.join(' or ')}.`, 'format_required');
    if (!isChatFormat(value)) throw new BadRequestError(`format must be ${CHAT_FORMATS.join(' or ')}, not '${value}'.`, 'invalid_format');
    return value;
  }

  /**
   * Store every conversation of the export. Each is stored on its own: one that fails (a storage
   * error, a refusal) does not stop the others, and the result says per conversation what was
   * stored (its item) and what was not, and why. A staged file is its adapter's to remove.
   */
  async import(actor: Actor, brainRef: BrainRef, formatParam: string | null, input: ChatImportInput): Promise<ChatImportResult> {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const format = this.format(formatParam);
    const conversations = await this.read(format, input);
    const pusher = { ref: actorRef(actor), name: actorIdentity(actor).name, sourceId: null };
    const outcomes = new Array<ChatImportConversation>(conversations.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < conversations.length; i = next++) {
        const conv = conversations[i]!;
        const entry = { index: i, externalId: conv.externalId, title: conv.title };
        try {
          const reply = await this.inbox.acceptVersion(brain.id, pusher, conv.externalId, itemInput(format, conv), 'api');
          const outcome = reply.status === 200 ? 'duplicate' : reply.body.item.supersedesItemId ? 'revised' : 'created';
          outcomes[i] = { ...entry, outcome, itemId: reply.body.item.id, error: null };
        } catch (e) {
          const problem = toAppError(e);
          // The result carries only the generic detail of an internal error: its cause goes to the log.
          if (problem.status >= 500) this.log.error({ err: e, brainId: brain.id, externalId: conv.externalId }, 'chat import: a conversation was not stored');
          outcomes[i] = { ...entry, outcome: 'failed', itemId: null, error: { status: problem.status, code: problem.code, detail: problem.detail } };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, conversations.length) }, worker));
    const count = (o: ChatImportConversation['outcome']) => outcomes.filter((c) => c.outcome === o).length;
    return {
      created: count('created'),
      revised: count('revised'),
      duplicates: count('duplicate'),
      failed: count('failed'),
      items: outcomes.flatMap((c) => (c.itemId ? [c.itemId] : [])),
      conversations: outcomes,
    };
  }

  /** The export's conversations: every check that can refuse it, before anything is stored. */
  private async read(format: ChatFormat, input: ChatImportInput): Promise<ChatConversation[]> {
    const size = input.stagedFile?.size ?? input.bytes?.length ?? 0;
    if (size > this.limits.maxBytes) throw tooLarge(this.limits.maxBytes);
    let bytes = input.stagedFile ? await this.content.readFile(input.stagedFile.tempPath) : (input.bytes ?? Buffer.alloc(0));
    if (!bytes.length) throw new BadRequestError("The body is empty: send the export's conversations.json or its zip.", 'empty_content');
    if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) bytes = await this.conversationsJsonOf(bytes);
    let data: unknown;
    try {
      data = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch (e) {
      throw new BadRequestError(`The export is not JSON (${(e as Error).message}); send conversations.json or the export's zip.`, 'invalid_json');
    }
    return parseChatExport(format, data);
  }

  private async conversationsJsonOf(zip: Buffer): Promise<Buffer> {
    let found: { name: string; bytes: Buffer } | null;
    try {
      found = await readZipEntry(zip, (name) => path.posix.basename(name) === 'conversations.json' && !name.startsWith('__MACOSX/'), this.limits.zip);
    } catch (e) {
      if (e instanceof ExtractionLimitError) throw new PayloadTooLargeError(e.message.replace('Text extraction stopped', 'The import stopped').replace(' The file is kept.', ' Nothing was imported.'));
      throw new BadRequestError(`The zip archive is malformed (${(e as Error).message}).`, 'invalid_zip');
    }
    if (!found) throw new BadRequestError('The zip holds no conversations.json; send the export zip as downloaded, or conversations.json itself.', 'no_conversations');
    return found.bytes;
  }
}

function itemInput(format: ChatFormat, conv: ChatConversation) {
  return {
    bytes: Buffer.from(conv.markdown, 'utf8'),
    filename: `${filenameOf(conv.title)}.md`,
    contentType: 'text/markdown',
    skill: 'ingest-conversation',
    provider: format,
    providerItemId: conv.id,
  };
}

function filenameOf(title: string): string {
  const clean = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
  return clean || 'conversation';
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`An export may be at most ${Math.round(limit / (1024 * 1024))} MB (BRAINKEEP_IMPORT_MAX_MB); send conversations.json alone if the zip is larger.`, limit);
}
