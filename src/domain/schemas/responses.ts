// Response bodies as JSON Schemas: CONTRACT's shapes (and the documented extras beyond it), used
// by the OpenAPI document. Fields beyond CONTRACT are listed where the services add them; objects
// stay open (additionalProperties) so a client may rely on what is listed and ignore the rest.
import type { JsonSchema } from '../validate.js';
import { SEARCH_MODES } from './search.js';

const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
const nstr = (extra: JsonSchema = {}): JsonSchema => ({ type: ['string', 'null'], ...extra });
const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
const time = str({ format: 'date-time' });
const ntime = nstr({ format: 'date-time' });
const arr = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });

function obj(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties), extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', properties, required, ...extra };
}

const role = str({ enum: ['Read', 'Write', 'Admin', 'Owner'] });

export const problemResponse = obj(
  {
    type: str({ description: 'urn:brainkeep:problem:<code>' }),
    title: str(),
    status: int(),
    detail: str(),
    code: str({ description: 'Stable snake_case code, e.g. page_conflict, insufficient_role, brain_not_found.' }),
    skills: arr(str(), { description: 'On a bad skill: the four skill names.' }),
    partitions: arr(str(), { description: 'On an unknown or archived partition: the active keys.' }),
    allowed: arr(int(), { description: 'On a bad status move: the statuses reachable from the current one.' }),
    currentVersion: { type: ['integer', 'null'], description: 'On a page conflict.' },
    currentToken: nstr({ description: 'On a page conflict.' }),
    retryAfter: int({ description: 'On 429: seconds to wait.' }),
    errors: arr(obj({ path: str(), message: str() }), { description: 'On a body that fails validation: each problem.' }),
  },
  ['type', 'title', 'status', 'detail', 'code'],
  { description: 'RFC 9457 problem details.' },
);

export const brainResponse = obj({
  id: str({ format: 'uuid' }),
  slug: str(),
  name: nstr(),
  description: nstr(),
  visibility: int({ enum: [0, 1, 2], description: '0 Private, 1 Workspace, 2 Public' }),
  templateKey: str(),
  embeddingProvider: int({ enum: [0, 1, 2, 3, 4], description: '0 Local, 1 OpenAI, 2 AzureOpenAI, 3 Ollama, 4 OpenAICompatible' }),
  embeddingModel: nstr(),
  embeddingDimensions: int(),
  createdAt: time,
  role: { anyOf: [role, { type: 'null' }], description: "The caller's role on the brain." },
});

export const brainListResponse = obj({ brains: arr(brainResponse) });

export const brainSchemaResponse = obj({
  folders: arr(obj({ path: str(), description: str(), entityType: nstr() }, ['path', 'description'])),
  entityTypes: arr(obj({ name: str(), folder: str(), description: str(), fields: arr(obj({ name: str(), type: str(), required: { type: 'boolean' } })) })),
  partitionFolder: nstr(),
});

export const instructionsResponse = obj({ markdown: str({ description: 'Empty string when none.' }) });

export const pageResponse = obj({
  path: str(),
  title: str(),
  summary: str(),
  frontmatter: { type: 'object', description: "The page's frontmatter keys, including the stored `summary`." },
  markdown: str({ description: 'The body only, exactly as written: never the frontmatter block.' }),
  version: int({ minimum: 0, description: "Counts the page's writes from 1." }),
  token: str({ description: 'Opaque; changes on every write.' }),
  commit: str(),
  partition: nstr(),
  updatedAt: time,
  updatedBy: str(),
});

export const pageListResponse = obj({
  pages: arr(obj({ path: str(), title: str(), summary: str(), version: int(), updatedAt: time })),
  nextCursor: nstr({ description: 'null at the end.' }),
});

const timelineEntry = obj({ date: str({ format: 'date' }), text: str() });
export const timelineResponse = obj({ entries: arr(timelineEntry, { description: 'Newest first.' }) });
export const timelineAddedResponse = obj({ path: str(), entry: timelineEntry, entries: arr(timelineEntry), version: int(), token: str(), commit: str() });

export const pageHistoryResponse = obj({
  path: str(),
  versions: arr(obj({ version: int(), op: str({ enum: ['put', 'delete', 'move'] }), path: str(), fromPath: nstr(), commit: str(), at: time, by: str(), author: obj({ name: str(), email: str() }), message: str() })),
});

export const changesResponse = obj({
  changes: arr(obj({ seq: int(), op: str({ enum: ['put', 'delete', 'move'] }), path: str(), fromPath: str(), version: int(), commit: str(), at: time, by: str() }, ['seq', 'op', 'path', 'version', 'commit', 'at', 'by'])),
  nextCursor: str({ description: 'Never null: pass it back as `since`.' }),
});

export const searchResponse = obj({
  mode: str({ enum: [...SEARCH_MODES] }),
  hits: arr(
    obj(
      {
        path: str(),
        title: str(),
        snippet: str(),
        score: { type: 'number' },
        partition: nstr(),
        folder: str(),
        why: obj(
          { matched: arr(str()), via: arr(obj({ type: str(), from: str() })) },
          ['matched', 'via'],
          { description: 'Why the page was found: the query terms it matched, and the typed links it was reached through (from the page the question names).' },
        ),
      },
      ['path', 'title', 'snippet', 'score', 'partition', 'folder'],
    ),
  ),
});

export const searchStatusResponse = obj({}, [], { description: "The brain's embedding provider and indexing progress." });

const relationType = str({ description: 'The relation the links express: mentions (a plain link), attended, works_at, invested_in, advises, founded, about, or a schema link field.' });
const linkCount = int({ minimum: 1, description: 'How many links on the page make this edge.' });
export const backlinksResponse = obj({ path: str(), backlinks: arr(obj({ path: str(), title: str(), context: str(), type: relationType, count: linkCount })) });
export const traverseResponse = obj({
  nodes: arr(obj({ path: str(), title: str(), depth: int({ minimum: 0, maximum: 3 }) })),
  edges: arr(obj({ from: str(), to: str(), type: relationType, count: linkCount })),
});
export const resolveResponse = obj({ results: arr(obj({ ref: str(), path: nstr(), nearMisses: arr(obj({ path: str(), title: str(), score: { type: 'number' } })) })) });
export const wantedResponse = obj({ wanted: arr(obj({ target: str(), count: int() })) });

const sourceReference = { anyOf: [obj({ provider: nstr(), providerItemId: nstr(), version: nstr(), canonicalUrl: nstr() }), { type: 'null' }] };
const suggestion = { anyOf: [obj({ targetFolder: nstr(), entityType: nstr(), targetSlug: nstr(), confidence: { type: ['number', 'null'] }, rationale: nstr() }), { type: 'null' }] };

export const inboxItemResponse = obj({
  id: str({ format: 'uuid' }),
  brainId: str({ format: 'uuid' }),
  filename: str(),
  status: int({ enum: [0, 1, 2, 3], description: '0 Pending, 1 Review, 2 Filed, 3 Dismissed' }),
  reason: nstr(),
  skillHint: nstr(),
  partition: nstr(),
  externalId: nstr(),
  contentType: str(),
  size: int(),
  sourceReference,
  targetFolder: nstr(),
  suggestion,
  supersedesItemId: nstr(),
  supersededByItemId: nstr(),
  filedPages: arr(str()),
  createdAt: time,
  updatedAt: time,
});

export const inboxItemDetailResponse = {
  allOf: [
    inboxItemResponse,
    obj({
      text: str({ description: 'Extracted text, at most 200,000 characters.' }),
      textTruncated: { type: 'boolean' },
      revisionOf: { anyOf: [obj({ id: str(), status: int(), filedPages: arr(str()) }), { type: 'null' }] },
      revisionDiff: nstr({ description: 'Unified line diff against the earlier revision.' }),
    }),
  ],
};

export const inboxListResponse = obj({ items: arr(inboxItemResponse), nextCursor: nstr() });

/** CONTRACT "Files": a PUT's reply (and MCP read_file's structured content). */
export const fileInfoResponse = obj({ path: str(), contentType: str(), size: int({ minimum: 0 }), sha256: str({ pattern: '^[0-9a-f]{64}$' }), commit: str(), version: int({ minimum: 1 }) });
export const fileListResponse = obj({ files: arr(obj({ path: str(), contentType: str(), size: int({ minimum: 0 }), updatedAt: time })), nextCursor: nstr({ description: 'null at the end.' }) });
export const uploadResponse = obj({ item: inboxItemResponse, duplicate: { type: 'boolean' }, message: str() }, ['item', 'duplicate']);

export const filingResponse = obj({
  item: inboxItemResponse,
  outcome: str(),
  skill: nstr(),
  filer: nstr(),
  pages: arr(str()),
  commit: nstr(),
  confidence: { type: ['number', 'null'] },
  rationale: nstr(),
  reason: nstr(),
});

export const partitionResponse = obj({
  key: str(),
  name: str(),
  domains: arr(str()),
  aliases: arr(str()),
  externalRef: nstr(),
  folder: str(),
  archived: { type: 'boolean' },
  createdAt: time,
});
export const partitionListResponse = obj({ partitions: arr(partitionResponse) });
export const partitionImportResponse = obj({ created: arr(str()), skipped: arr(obj({ key: str(), reason: str() })) });

export const memberResponse = obj({ userId: str(), email: str(), displayName: str(), role, grantedAt: time });
export const memberListResponse = obj({ members: arr(memberResponse) });

export const sourceResponse = obj({
  id: str({ format: 'uuid' }),
  brainId: str({ format: 'uuid' }),
  kind: str(),
  label: str(),
  mode: str({ enum: ['secret', 'signature'] }),
  targetFolder: nstr(),
  partition: nstr(),
  skill: nstr(),
  allowedContentTypes: arr(str()),
  maxBytes: { type: ['integer', 'null'] },
  allowedSenderDomains: arr(str()),
  createdAt: time,
  updatedAt: time,
  lastDeliveryAt: ntime,
});
export const sourceListResponse = obj({ sources: arr(sourceResponse) });
export const sourceCreatedResponse = obj({ source: sourceResponse, secret: str({ description: 'Shown once.' }) });

export const healthResponse = obj({ status: str({ enum: ['ok'] }) });
const readinessCheck = obj({ name: str({ enum: ['database', 'migrations', 'repositories', 'cluster'] }), ok: { type: 'boolean' }, detail: str(), failing: arr(obj({ brainId: str(), error: str() })) }, ['name', 'ok', 'detail']);
const readinessDatabase = obj({
  backend: str({ enum: ['sqlite', 'postgres'] }),
  extensions: arr(str(), { description: 'Extensions the index uses that are there: sqlite-vec on SQLite; of vector, pg_trgm and unaccent on PostgreSQL.' }),
  vectorSearch: { type: 'boolean', description: 'False on PostgreSQL without pgvector: search is exact (full text) only.' },
  notice: nstr(),
});
export const readinessResponse = obj({ status: str({ enum: ['ready'] }), checks: arr(readinessCheck), database: readinessDatabase });
export const notReadyResponse = { allOf: [problemResponse, obj({ checks: arr(readinessCheck), database: readinessDatabase }, ['checks'])] };

export const jsonRpcMessage = obj({ jsonrpc: str({ enum: ['2.0'] }), id: { type: ['string', 'integer', 'null'] }, method: str(), params: { type: 'object' }, result: {}, error: { type: 'object' } }, ['jsonrpc']);

const eventType = str({ enum: ['page.put', 'page.delete', 'page.move', 'file.put', 'file.delete', 'inbox.created', 'inbox.status'] });
export const webhookResponse = obj({ id: str({ format: 'uuid' }), url: str(), events: arr(eventType), folder: nstr(), createdAt: time });
export const webhookListResponse = obj({ webhooks: arr(webhookResponse) });
export const webhookCreatedResponse = obj({ ...(webhookResponse.properties as Record<string, JsonSchema>), secret: str({ description: 'Shown once.' }) });
export const webhookDeliveriesResponse = obj({
  deliveries: arr(obj({ eventId: str(), type: eventType, status: str({ enum: ['retrying', 'delivered', 'failed'] }), attempts: int(), lastError: nstr(), deliveredAt: ntime })),
});
/** POST /brains/{id}/inbox/import: what a chat export made (items: every stored conversation's item id; conversations: each one's outcome). */
export const chatImportResponse = obj({
  created: int(),
  revised: int(),
  duplicates: int(),
  failed: int({ description: 'Conversations that could not be stored (see conversations).' }),
  items: arr(str()),
  conversations: arr(
    obj({
      index: int(),
      externalId: str(),
      title: str(),
      outcome: str({ enum: ['created', 'revised', 'duplicate', 'failed'] }),
      itemId: nstr(),
      error: { type: ['object', 'null'], properties: { status: int(), code: str(), detail: str() }, description: 'Why it was not stored.' },
    }),
  ),
});
