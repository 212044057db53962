// What each route takes and returns, for the OpenAPI document. Request bodies are the very
// schemas the services validate with (src/domain/schemas/*); responses are CONTRACT's shapes
// (src/domain/schemas/responses.ts). Keyed `METHOD /express/template`, like the route table, so a
// test can check that every registered route is described here.
import type { Role } from '../../domain/roles.js';
import type { JsonSchema } from '../../domain/validate.js';
import { createBrainBody, updateBrainBody } from '../../domain/schemas/brains.js';
import { fileItemBody } from '../../domain/schemas/filing.js';
import { assignPartitionBody, listInboxQuery, updateStatusBody, uploadBody } from '../../domain/schemas/inbox.js';
import { addMemberBody, updateMemberBody } from '../../domain/schemas/members.js';
import { changesQuery, deletePageQuery, historyQuery, listPagesQuery, readPageQuery, timelineQuery, movePageBody, patchPageBody, putPageBody, revertPageBody, timelineEntryBody } from '../../domain/schemas/pages.js';
import { createPartitionBody, importPartitionsBody, listPartitionsQuery, updatePartitionBody } from '../../domain/schemas/partitions.js';
import { backlinksQuery, resolveRefsBody, searchParamsSchema, traverseParamsSchema, wantedQuery } from '../../domain/schemas/search.js';
import { deleteFileQuery, listFilesQuery, putFileQuery } from '../../domain/schemas/files.js';
import { createSourceBody, updateSourceBody } from '../../domain/schemas/sources.js';
import { createWebhookBody } from '../../domain/schemas/webhooks.js';
import * as R from '../../domain/schemas/responses.js';
import { SKILLS } from '../../domain/skills.js';

export type Access = Role | 'none' | 'signed-in' | 'user' | 'source-secret' | 'any-token';

export interface QueryParam {
  name: string;
  schema: JsonSchema;
  required?: boolean;
  description?: string;
}

export interface OperationSpec {
  summary: string;
  tag: string;
  access: Access;
  description?: string;
  query?: QueryParam[];
  /** JSON body schema, or explicit media types (multipart, raw bytes, forms). */
  body?: JsonSchema;
  bodyContent?: Record<string, JsonSchema>;
  bodyRequired?: boolean;
  /** Success responses: status → schema (null for no body) and an optional media type. */
  responses: Record<number, { description: string; schema: JsonSchema | null; mediaType?: string }>;
  /** Problem+json statuses beyond the ones every authenticated route can return (401, 403, 404, 429). */
  errors?: number[];
}

const q = (name: string, schema: JsonSchema, description?: string, required = false): QueryParam => ({ name, schema, description, required });
const str: JsonSchema = { type: 'string' };
const bool: JsonSchema = { type: 'string', enum: ['true', 'false', '1', '0'] };
/** The query parameters a schema (the one REST validates with and MCP offers) names, with descriptions. */
const fromSchema = (schema: JsonSchema, descriptions: Record<string, string> = {}): QueryParam[] => {
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, prop]) => q(name, prop, descriptions[name], required.includes(name)));
};
const PAGE_PATH_DOC = 'The page path (`.md` is appended when missing).';
const pathQ = (what = PAGE_PATH_DOC) => q('path', str, what, true);
const ok = (schema: JsonSchema, description = 'OK') => ({ 200: { description, schema } });
const created = (schema: JsonSchema, description = 'Created') => ({ 201: { description, schema } });
const noContent = { 204: { description: 'Done; no body.', schema: null } };
/** Statuses a write can add: a bad body, a conflict, a full or read-only disk. */
const WRITE_ERRORS = [400, 409, 503, 507];

/** An upload's query parameters: hints with the JSON body's limits (they fill the same fields). */
const uploadField = (name: string): JsonSchema => ({ ...(uploadBody.properties as Record<string, JsonSchema>)[name], type: 'string' });
const UPLOAD_QUERY = [q('path', uploadField('targetFolder'), 'Folder hint.'), q('partition', uploadField('partition')), q('skill', { ...uploadField('skill'), enum: [...SKILLS] })];

const uploadContent = {
  'application/json': uploadBody,
  'multipart/form-data': {
    type: 'object',
    description: 'Any file field name; the first file wins. Text fields as in the JSON form (canonicalUrl, provider, providerItemId, version, skill, ...).',
    properties: { file: { type: 'string', format: 'binary' } },
  },
};

/** What both upload routes take and answer (`extra`: query parameters before the upload hints). */
const upload = (extra: QueryParam[] = []): Pick<OperationSpec, 'query' | 'bodyContent' | 'bodyRequired' | 'responses' | 'errors'> => ({
  query: [...extra, ...UPLOAD_QUERY],
  bodyContent: uploadContent,
  bodyRequired: true,
  responses: { 201: { description: 'Stored', schema: R.uploadResponse }, 200: { description: 'A duplicate of an existing item', schema: R.uploadResponse } },
  errors: [400, 413, 422, 503, 507],
});

export const OPERATIONS: Record<string, OperationSpec> = {
  // ---- operations
  'GET /healthz': { summary: 'Liveness: the process answers', tag: 'Operations', access: 'none', responses: ok(R.healthResponse) },
  'GET /readyz': {
    summary: 'Readiness: database, migrations and every repository',
    tag: 'Operations',
    access: 'none',
    responses: { 200: { description: 'Ready', schema: R.readinessResponse }, 503: { description: 'Not ready; `checks` says which check failed.', schema: R.notReadyResponse, mediaType: 'application/problem+json' } },
  },
  'GET /metrics': {
    summary: 'Prometheus metrics',
    tag: 'Operations',
    access: 'none',
    description: 'Needs `Authorization: Bearer $BRAINKEEP_METRICS_TOKEN` when that is set; otherwise loopback callers only (403 from elsewhere).',
    responses: { 200: { description: 'Prometheus text exposition format', schema: { type: 'string' }, mediaType: 'text/plain; version=0.0.4' } },
    errors: [401, 403],
  },
  'GET /api/v1/openapi.json': { summary: 'This document', tag: 'Operations', access: 'none', responses: ok({ type: 'object' }) },
  'GET /docs': { summary: 'API reference (HTML, rendered from this document)', tag: 'Operations', access: 'none', responses: { 200: { description: 'HTML', schema: { type: 'string' }, mediaType: 'text/html' } } },

  // ---- brains
  'GET /api/v1/brains': { summary: 'List the brains the caller may access', tag: 'Brains', access: 'signed-in', description: 'A service credential lists only its own brain.', responses: ok(R.brainListResponse) },
  'POST /api/v1/brains': { summary: 'Create a brain from a schema template', tag: 'Brains', access: 'user', description: 'Only people (OAuth, signed-in session) create brains; a service credential gets 403. Private unless `visibility` says otherwise.', body: createBrainBody, responses: created(R.brainResponse), errors: [400, 409] },
  'GET /api/v1/brains/:brainId': { summary: 'Get a brain (by id or slug)', tag: 'Brains', access: 'Read', responses: ok(R.brainResponse) },
  'PATCH /api/v1/brains/:brainId': {
    summary: "Change the brain's name, description, visibility, slug or embedding settings",
    tag: 'Brains',
    access: 'Admin',
    description: 'Fields left out keep their value. Name, description and the embedding settings need Admin; visibility and slug need Owner. A slug in use (also by a brain in the trash) is 409. Switching provider without a model or size takes that provider\'s defaults; Local (0) needs 100 dimensions. Every passage is then re-embedded in the background (progress in `GET /api/v1/brains/{brainId}/search/status`); search uses words meanwhile.',
    body: updateBrainBody,
    responses: ok(R.brainResponse),
    errors: [400, 403, 409],
  },
  'DELETE /api/v1/brains/:brainId': {
    summary: 'Delete a brain (to the trash)',
    tag: 'Brains',
    access: 'Owner',
    description: 'Needs `confirm` equal to the brain\'s slug; without it (or with another value) the reply is 400 and nothing changes. The brain leaves REST, MCP, git, search and the web at once; its repository and rows stay in the data folder\'s trash for BRAINKEEP_TRASH_DAYS (default 30), and `brainkeep brain restore --slug S` brings it back.',
    query: [q('confirm', str, "The brain's slug.", true)],
    responses: noContent,
    errors: [400, 403],
  },
  'GET /api/v1/brains/:brainId/schema': { summary: "The brain's folders and entity types", tag: 'Brains', access: 'Read', responses: ok(R.brainSchemaResponse) },
  'GET /api/v1/brains/:brainId/instructions': { summary: "The brain's instructions markdown", tag: 'Brains', access: 'Read', responses: ok(R.instructionsResponse) },

  // ---- files (attachments)
  'GET /api/v1/brains/:brainId/files': {
    summary: "A file's bytes (with `path`), or the brain's files",
    tag: 'Files',
    access: 'Read',
    description: 'With `path`: the bytes, with `Content-Type`, `ETag` and `X-Content-Type-Options: nosniff`; SVG is served as an attachment under a sandbox CSP. Without: `{ files, nextCursor }`.',
    query: [q('path', str, 'Read this file instead of listing.'), ...fromSchema(listFilesQuery, { prefix: 'List: only files under this folder.', cursor: 'List: the previous nextCursor.', limit: 'List: page size (default 100).' }), q('download', str, "With path: `1` serves the file as an attachment.")],
    responses: {
      200: {
        description: 'The file list, or the bytes when `path` is given.',
        schema: R.fileListResponse,
      },
      304: { description: 'Not modified (If-None-Match matched the ETag).', schema: null },
    },
    errors: [400],
  },
  'PUT /api/v1/brains/:brainId/files': {
    summary: 'Add or replace a file (one commit)',
    tag: 'Files',
    access: 'Write',
    description: 'The body is the raw bytes with the file\'s `Content-Type`, or multipart with one file part. Allowed: png, jpeg, gif, webp, svg, pdf, txt, csv, json (by extension, declared type and the bytes\' signature); anything else is 415. Over `BRAINKEEP_MAX_FILE_BYTES` (default 25 MB) is 413.',
    query: fromSchema(putFileQuery, { path: 'The file path, with its extension.', expectedVersion: '0: create only; N: the current version must be N (else 409).' }),
    bodyContent: { 'application/octet-stream': { type: 'string', format: 'binary' }, 'multipart/form-data': { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } },
    bodyRequired: true,
    responses: {
      200: { description: 'Replaced', schema: R.fileInfoResponse },
      201: { description: 'Created', schema: R.fileInfoResponse },
    },
    errors: [400, 409, 413, 415, 503, 507],
  },
  'DELETE /api/v1/brains/:brainId/files': { summary: 'Delete a file (one commit)', tag: 'Files', access: 'Write', query: fromSchema(deleteFileQuery, { path: 'The file path.' }), responses: noContent, errors: [400, 409, 503, 507] },

  // ---- pages
  'GET /api/v1/brains/:brainId/pages': {
    summary: 'List pages, or read one page (with `path`), or one version of it (with `path` and `version`)',
    tag: 'Pages',
    access: 'Read',
    query: [...fromSchema(readPageQuery, { path: 'Read this page instead of listing.', version: 'With path: the page as it was at this version.' }).map((p) => ({ ...p, required: false })), ...fromSchema(listPagesQuery, { prefix: 'List: only paths starting with this.', cursor: 'List: the previous nextCursor.', limit: 'List: page size (default 100).' })],
    responses: ok({ oneOf: [R.pageListResponse, R.pageResponse] }, 'A page list, or one hydrated page when `path` is given.'),
    errors: [400],
  },
  'PUT /api/v1/brains/:brainId/pages': {
    summary: 'Create or replace a page',
    tag: 'Pages',
    access: 'Write',
    description:
      '`markdown` is the body. Frontmatter comes from `frontmatter` (an object) or from a leading `---` block in `markdown` (with both, the object\'s keys win); with neither, the page keeps its existing keys. `summary` is set in the frontmatter. The git file holds both. `expectedVersion` omitted: no check; `0`: create only; otherwise it must equal the current version (409 with currentVersion/currentToken). One git commit, authored as the caller.',
    body: putPageBody,
    responses: { 200: { description: 'Replaced', schema: R.pageResponse }, 201: { description: 'Created', schema: R.pageResponse } },
    errors: WRITE_ERRORS,
  },
  'PATCH /api/v1/brains/:brainId/pages': { summary: 'Patch a page: append-section, replace-section, append, set-frontmatter', tag: 'Pages', access: 'Write', query: [pathQ()], body: patchPageBody, responses: ok(R.pageResponse), errors: WRITE_ERRORS },
  'DELETE /api/v1/brains/:brainId/pages': { summary: 'Delete a page', tag: 'Pages', access: 'Write', query: fromSchema(deletePageQuery, { path: PAGE_PATH_DOC, expectedToken: 'The token you read; a stale one is 409.' }), responses: noContent, errors: WRITE_ERRORS },
  'GET /api/v1/brains/:brainId/pages/timeline': { summary: "A page's Timeline entries, newest first", tag: 'Pages', access: 'Read', query: fromSchema(timelineQuery, { path: PAGE_PATH_DOC }), responses: ok(R.timelineResponse), errors: [400] },
  'POST /api/v1/brains/:brainId/pages/timeline': { summary: 'Add a Timeline entry (date defaults to today, UTC)', tag: 'Pages', access: 'Write', query: [pathQ()], body: timelineEntryBody, responses: created(R.timelineAddedResponse), errors: WRITE_ERRORS },
  'POST /api/v1/brains/:brainId/pages/move': { summary: 'Move a page; links to it are rewritten', tag: 'Pages', access: 'Write', body: movePageBody, responses: ok(R.pageResponse, 'The page at its new path'), errors: WRITE_ERRORS },
  'GET /api/v1/brains/:brainId/pages/history': { summary: "A page's versions, newest first", tag: 'Pages', access: 'Read', query: fromSchema(historyQuery, { path: PAGE_PATH_DOC }), responses: ok(R.pageHistoryResponse), errors: [400] },
  'POST /api/v1/brains/:brainId/pages/revert': {
    summary: 'Restore a page to an earlier version (a new commit)',
    tag: 'Pages',
    access: 'Write',
    body: revertPageBody,
    responses: { 200: { description: 'Reverted', schema: R.pageResponse }, 201: { description: 'Re-created (the page had been deleted)', schema: R.pageResponse } },
    errors: WRITE_ERRORS,
  },
  'GET /api/v1/brains/:brainId/changes': { summary: 'Page changes after a cursor, oldest first', tag: 'Pages', access: 'Read', query: fromSchema(changesQuery, { since: 'The previous nextCursor; absent = from the start.' }), responses: ok(R.changesResponse), errors: [400] },

  // ---- search and graph
  'GET /api/v1/brains/:brainId/search': {
    summary: 'Search pages (hybrid, exact or semantic)',
    tag: 'Search and graph',
    access: 'Read',
    // The search tool's schema, with the REST spellings of two filters: `tag` (repeatable) for `tags`,
    // and `fm.<key>=<value>` for the `frontmatter` object.
    query: [
      ...fromSchema(searchParamsSchema)
        .filter((p) => p.name !== 'frontmatter')
        .map((p) => (p.name === 'tags' ? q('tag', p.schema, 'Only pages carrying this tag (frontmatter `tags` or inline `#tag`); repeat for several, all required.') : p)),
      q('fm.<key>', str, 'Frontmatter equality, e.g. `fm.status=active` (case-insensitive); several AND.'),
    ],
    responses: ok(R.searchResponse),
    errors: [400],
  },
  'GET /api/v1/brains/:brainId/search/status': { summary: 'Embedding provider and indexing progress', tag: 'Search and graph', access: 'Read', responses: ok(R.searchStatusResponse) },
  'GET /api/v1/brains/:brainId/graph/backlinks': { summary: 'Pages that link to a page', tag: 'Search and graph', access: 'Read', query: fromSchema(backlinksQuery, { path: PAGE_PATH_DOC }), responses: ok(R.backlinksResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/graph/traverse': {
    summary: 'Pages within 1 to 3 hops',
    tag: 'Search and graph',
    access: 'Read',
    query: fromSchema(traverseParamsSchema, { type: 'Follow only links of this relation type (repeatable): mentions, attended, works_at, invested_in, advises, founded, about, or a schema link field.' }),
    responses: ok(R.traverseResponse),
    errors: [400],
  },
  'POST /api/v1/brains/:brainId/graph/resolve': { summary: 'Resolve slugs, titles or paths to pages (or near misses)', tag: 'Search and graph', access: 'Read', body: resolveRefsBody, responses: ok(R.resolveResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/graph/wanted': { summary: 'Link targets that no page answers yet, most linked first', tag: 'Search and graph', access: 'Read', query: fromSchema(wantedQuery), responses: ok(R.wantedResponse), errors: [400] },

  // ---- members
  'GET /api/v1/brains/:brainId/members': { summary: "The brain's access list", tag: 'Members', access: 'Admin', responses: ok(R.memberListResponse) },
  'POST /api/v1/brains/:brainId/members': { summary: 'Grant a workspace user access (role Read when omitted)', tag: 'Members', access: 'Admin', body: addMemberBody, responses: created(R.memberResponse), errors: [400, 409] },
  'PUT /api/v1/brains/:brainId/members/:member': { summary: "Change a member's role (user id or email)", tag: 'Members', access: 'Admin', body: updateMemberBody, responses: ok(R.memberResponse), errors: [400] },
  'DELETE /api/v1/brains/:brainId/members/:member': { summary: "Remove a member's access", tag: 'Members', access: 'Admin', responses: noContent, errors: [400] },

  // ---- inbox
  'POST /api/v1/inbox': {
    summary: 'Upload to the default inbox',
    tag: 'Inbox',
    access: 'Write',
    description: "The credential's brain, or the user's single writable brain, or `?brain=`. A repeat (same externalId or content) is 200 with `duplicate: true`.",
    ...upload([q('brain', str, 'Slug or id of a brain the caller can write to.')]),
  },
  'POST /api/v1/brains/:brainId/inbox': {
    summary: "Upload to a brain's inbox",
    tag: 'Inbox',
    access: 'Write',
    ...upload(),
  },
  'POST /api/v1/brains/:brainId/inbox/import': {
    summary: 'Import a ChatGPT or Claude export: one inbox item per conversation',
    tag: 'Inbox',
    access: 'Write',
    description:
      "The export's conversations.json or its zip, as the raw body or a multipart file (up to BRAINKEEP_IMPORT_MAX_MB). Each conversation becomes an item with a markdown transcript (ChatGPT: the branch at `current_node`), the externalId `chatgpt:<id>` or `claude:<uuid>` and the skill `ingest-conversation`. Re-importing a later export makes a revision of each conversation whose transcript changed; the rest are duplicates. Bad input (not JSON, the other format, a zip over the limits) is refused before anything is stored. A conversation that fails to store does not stop the others: the reply lists each conversation's outcome (and why one failed); when none could be stored it is the first failure's problem (code `chat_import_failed`) carrying the same report.",
    query: [q('format', { type: 'string', enum: ['chatgpt', 'claude'] }, 'The export format.', true)],
    bodyContent: {
      'application/json': { type: 'array', description: 'conversations.json', items: { type: 'object' } },
      'application/zip': { type: 'string', format: 'binary' },
      'multipart/form-data': { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
    },
    bodyRequired: true,
    responses: {
      201: { description: 'Some conversations were new or changed', schema: R.chatImportResponse },
      200: { description: 'Every conversation was already there', schema: R.chatImportResponse },
      207: { description: 'Some conversations could not be stored (failed > 0); the others were. `conversations` says which and why.', schema: R.chatImportResponse },
    },
    errors: [400, 413, 503, 507],
  },
  'GET /api/v1/brains/:brainId/inbox': { summary: 'Inbox items, newest first', tag: 'Inbox', access: 'Read', query: fromSchema(listInboxQuery), responses: ok(R.inboxListResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/inbox/:itemId': { summary: 'One item with its extracted text (and revision diff)', tag: 'Inbox', access: 'Read', responses: ok(R.inboxItemDetailResponse) },
  'PUT /api/v1/brains/:brainId/inbox/:itemId/status': { summary: "Move an item's status (and record a suggested placement)", tag: 'Inbox', access: 'Write', body: updateStatusBody, responses: ok(R.inboxItemResponse), errors: [400, 409] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/archive': { summary: 'Mark an item filed (status 2)', tag: 'Inbox', access: 'Write', responses: ok(R.inboxItemResponse), errors: [409] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/partition': { summary: 'Assign an item to a partition', tag: 'Inbox', access: 'Write', body: assignPartitionBody, responses: ok(R.inboxItemResponse), errors: [400, 422] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/file': { summary: 'File an item now (runs its filing skill)', tag: 'Inbox', access: 'Write', body: fileItemBody, responses: ok(R.filingResponse), errors: [400, 409, 503, 507] },

  // ---- partitions
  'GET /api/v1/brains/:brainId/partitions': { summary: 'Partitions (clients, sites, matters)', tag: 'Partitions', access: 'Read', query: fromSchema(listPartitionsQuery), responses: ok(R.partitionListResponse), errors: [400] },
  'POST /api/v1/brains/:brainId/partitions': { summary: 'Create a partition and its folder', tag: 'Partitions', access: 'Admin', body: createPartitionBody, responses: created(R.partitionResponse), errors: WRITE_ERRORS },
  'POST /api/v1/brains/:brainId/partitions/import': { summary: 'Create many partitions', tag: 'Partitions', access: 'Admin', body: importPartitionsBody, responses: { 201: { description: 'Some were created', schema: R.partitionImportResponse }, 200: { description: 'None were new', schema: R.partitionImportResponse } }, errors: WRITE_ERRORS },
  'GET /api/v1/brains/:brainId/partitions/:key': { summary: 'One partition', tag: 'Partitions', access: 'Read', responses: ok(R.partitionResponse) },
  'PUT /api/v1/brains/:brainId/partitions/:key': { summary: 'Update name, domains, aliases, externalRef (the key never changes)', tag: 'Partitions', access: 'Admin', body: updatePartitionBody, responses: ok(R.partitionResponse), errors: WRITE_ERRORS },
  'POST /api/v1/brains/:brainId/partitions/:key/archive': { summary: 'Archive a partition', tag: 'Partitions', access: 'Admin', responses: ok(R.partitionResponse), errors: [409] },
  'POST /api/v1/brains/:brainId/partitions/:key/restore': { summary: 'Restore an archived partition', tag: 'Partitions', access: 'Admin', responses: ok(R.partitionResponse), errors: [409] },
  'DELETE /api/v1/brains/:brainId/partitions/:key': { summary: 'Purge an archived partition (needs purge=true)', tag: 'Partitions', access: 'Owner', query: [q('purge', bool, 'Must be true.', true)], responses: noContent, errors: WRITE_ERRORS },

  // ---- webhook sources and delivery
  'GET /api/v1/brains/:brainId/sources': { summary: 'Webhook ingest sources', tag: 'Webhooks', access: 'Admin', responses: ok(R.sourceListResponse) },
  'POST /api/v1/brains/:brainId/sources': { summary: 'Create a source; its secret is shown once', tag: 'Webhooks', access: 'Admin', body: createSourceBody, responses: created(R.sourceCreatedResponse), errors: [400, 422] },
  'GET /api/v1/brains/:brainId/sources/:sourceId': { summary: 'One source (never its secret)', tag: 'Webhooks', access: 'Admin', responses: ok(R.sourceResponse) },
  'PUT /api/v1/brains/:brainId/sources/:sourceId': { summary: 'Edit a source (not its mode or secret)', tag: 'Webhooks', access: 'Admin', body: updateSourceBody, responses: ok(R.sourceResponse), errors: [400, 422] },
  'DELETE /api/v1/brains/:brainId/sources/:sourceId': { summary: 'Delete a source; its secret stops working at once', tag: 'Webhooks', access: 'Admin', responses: noContent },
  // ---- outbound events
  'GET /api/v1/brains/:brainId/webhooks': { summary: 'Outbound webhook subscriptions (never their secrets)', tag: 'Events', access: 'Admin', responses: ok(R.webhookListResponse) },
  'POST /api/v1/brains/:brainId/webhooks': { summary: 'Subscribe a URL to events; its signing secret is shown once', tag: 'Events', access: 'Admin', body: createWebhookBody, responses: created(R.webhookCreatedResponse), errors: [400] },
  'DELETE /api/v1/brains/:brainId/webhooks/:webhookId': { summary: 'Delete a subscription; deliveries stop at once', tag: 'Events', access: 'Admin', responses: noContent },
  'GET /api/v1/brains/:brainId/webhooks/:webhookId/deliveries': { summary: "A subscription's recent deliveries, newest first", tag: 'Events', access: 'Admin', responses: ok(R.webhookDeliveriesResponse) },
  'GET /api/v1/brains/:brainId/events': {
    summary: 'Live stream of the brain events (Server-Sent Events)',
    tag: 'Events',
    access: 'Read',
    description: 'Each event carries `id:` (a cursor), `event:` (the type) and `data:` (the delivery JSON). Resumes after `Last-Event-ID` or `since` (a stream id or a /changes nextCursor) by replaying the event log; a comment heartbeat every 15 s.',
    query: [q('since', str, 'A previous event id or a /changes nextCursor; absent = from now.')],
    responses: { 200: { description: 'The event stream', schema: { type: 'string' }, mediaType: 'text/event-stream' } },
    errors: [400],
  },
  'POST /api/ingest/:brainId': {
    summary: 'Webhook delivery: the raw body becomes an inbox item',
    tag: 'Webhooks',
    access: 'source-secret',
    description:
      'Authenticated by the source: `X-Ingest-Secret` (secret mode) or `X-Service-Signature: sha256=<hex HMAC of the raw body>` (signature mode). Optional headers: X-Filename, X-Ingest-External-Id, X-Ingest-Senders, X-Ingest-Canonical-Url, X-Ingest-Provider, X-Ingest-Provider-Item-Id, X-Ingest-Version, X-Ingest-Partition, X-Ingest-Skill.',
    query: [...UPLOAD_QUERY],
    bodyContent: { '*/*': { type: 'string', format: 'binary' } },
    bodyRequired: true,
    responses: { 201: { description: 'Stored', schema: R.uploadResponse }, 200: { description: 'A repeat of an earlier delivery', schema: R.uploadResponse } },
    errors: [400, 403, 413, 415, 422, 503, 507],
  },

  // ---- MCP and OAuth
  'POST /mcp': {
    summary: 'MCP over streamable HTTP (stateless JSON-RPC)',
    tag: 'MCP',
    access: 'any-token',
    description: 'Tools: list_brains, get_schema, get_instructions, search, read_page, list_pages, write_page, patch_page, delete_page, move_page, get_timeline, add_timeline_entry, backlinks, traverse, resolve_links, recent_changes, upload_to_inbox, list_inbox, get_inbox_item, list_partitions. A 401 carries `WWW-Authenticate: Bearer resource_metadata=...`.',
    body: R.jsonRpcMessage,
    responses: ok(R.jsonRpcMessage, 'A JSON-RPC response (tool errors are results with isError: true)'),
    errors: [400],
  },
  'GET /mcp': {
    summary: "A session's notification stream (resource subscriptions)",
    tag: 'MCP',
    access: 'any-token',
    description: 'With the `Mcp-Session-Id` from the initialize reply: `notifications/resources/updated` and `notifications/resources/list_changed` as Server-Sent Events. An unknown session is 404 (initialize again); without the header it is 405.',
    responses: { 200: { description: 'The notification stream', schema: { type: 'string' }, mediaType: 'text/event-stream' } },
  },
  'DELETE /mcp': { summary: 'End a session and its subscriptions', tag: 'MCP', access: 'any-token', responses: { 200: { description: 'Ended', schema: null } } },
  'ALL /mcp': { summary: 'Other methods on /mcp: 405 (no session, or a method the server does not take)', tag: 'MCP', access: 'none', responses: { 405: { description: 'Method not allowed', schema: R.jsonRpcMessage } } },
  'GET /.well-known/oauth-authorization-server': { summary: 'OAuth 2.1 authorization server metadata (RFC 8414)', tag: 'OAuth', access: 'none', responses: ok({ type: 'object' }) },
  'GET /.well-known/oauth-protected-resource': { summary: 'Protected resource metadata (RFC 9728)', tag: 'OAuth', access: 'none', responses: ok({ type: 'object' }) },
  'GET /authorize': { summary: 'Authorization endpoint (code flow with PKCE S256): sign-in and consent page', tag: 'OAuth', access: 'none', responses: { 200: { description: 'Consent page', schema: { type: 'string' }, mediaType: 'text/html' }, 302: { description: 'Redirect back to the client', schema: null } } },
  'POST /authorize': { summary: 'Authorization endpoint (form post)', tag: 'OAuth', access: 'none', responses: { 302: { description: 'Redirect back to the client', schema: null } } },
  'POST /token': { summary: 'Token endpoint: authorization_code and refresh_token grants (access 1 h, refresh 30 days, rotating)', tag: 'OAuth', access: 'none', bodyContent: { 'application/x-www-form-urlencoded': { type: 'object' } }, responses: ok({ type: 'object' }), errors: [400] },
  'POST /register': { summary: 'Dynamic client registration (RFC 7591)', tag: 'OAuth', access: 'none', body: { type: 'object' }, responses: created({ type: 'object' }), errors: [400] },
  'POST /revoke': { summary: 'Token revocation (RFC 7009)', tag: 'OAuth', access: 'none', bodyContent: { 'application/x-www-form-urlencoded': { type: 'object' } }, responses: ok({ type: 'object' }), errors: [400] },
  'POST /oauth/consent': { summary: "The consent form's answer (signed-in session)", tag: 'OAuth', access: 'none', responses: { 302: { description: 'Redirect back to the client', schema: null } } },
};

/**
 * Served by the MCP SDK's OAuth router, which is built on its first request and so not visible in
 * the router stack at start-up; documented all the same.
 */
export const LAZILY_ROUTED = new Set(['GET /.well-known/oauth-authorization-server', 'GET /.well-known/oauth-protected-resource', 'GET /authorize', 'POST /authorize', 'POST /token', 'POST /register', 'POST /revoke', 'POST /oauth/consent']);

/** The web app's HTML pages are documented by prefix: sign-in, the account pages, the app under /app, and `/`. */
export function isWebPage(path: string): boolean {
  return path === '/' || path === '/login' || path === '/logout' || path.startsWith('/account/') || path === '/app' || path.startsWith('/app/');
}
