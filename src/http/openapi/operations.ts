// What each route takes and returns, for the OpenAPI document. Request bodies are the very
// schemas the services validate with (src/domain/schemas/*); responses are CONTRACT's shapes
// (src/domain/schemas/responses.ts). Keyed `METHOD /express/template`, like the route table, so a
// test can check that every registered route is described here.
import type { Role } from '../../domain/roles.js';
import type { JsonSchema } from '../../domain/validate.js';
import { createBrainBody, updateBrainEmbeddingBody } from '../../domain/schemas/brains.js';
import { fileItemBody } from '../../domain/schemas/filing.js';
import { assignPartitionBody, updateStatusBody, uploadBody } from '../../domain/schemas/inbox.js';
import { addMemberBody, updateMemberBody } from '../../domain/schemas/members.js';
import { movePageBody, patchPageBody, putPageBody, revertPageBody, timelineEntryBody } from '../../domain/schemas/pages.js';
import { createPartitionBody, importPartitionsBody, updatePartitionBody } from '../../domain/schemas/partitions.js';
import { LIMITS } from '../../domain/limits.js';
import { resolveRefsBody, searchParamsSchema, traverseParamsSchema } from '../../domain/schemas/search.js';
import { createSourceBody, updateSourceBody } from '../../domain/schemas/sources.js';
import * as R from '../../domain/schemas/responses.js';

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
const int = (min?: number, max?: number): JsonSchema => ({ type: 'integer', ...(min != null ? { minimum: min } : {}), ...(max != null ? { maximum: max } : {}) });
const bool: JsonSchema = { type: 'string', enum: ['true', 'false', '1', '0'] };
const pathQ = (what = 'The page path (`.md` is appended when missing).') => q('path', str, what, true);
const ok = (schema: JsonSchema, description = 'OK') => ({ 200: { description, schema } });
const created = (schema: JsonSchema, description = 'Created') => ({ 201: { description, schema } });
const noContent = { 204: { description: 'Done; no body.', schema: null } };
/** Statuses a write can add: a bad body, a conflict, a full or read-only disk. */
const WRITE_ERRORS = [400, 409, 503, 507];
const searchProps = searchParamsSchema.properties as Record<string, JsonSchema>;
const traverseProps = traverseParamsSchema.properties as Record<string, JsonSchema>;

const uploadContent = {
  'application/json': uploadBody,
  'multipart/form-data': {
    type: 'object',
    description: 'Any file field name; the first file wins. Text fields as in the JSON form (canonicalUrl, provider, providerItemId, version, skill, ...).',
    properties: { file: { type: 'string', format: 'binary' } },
  },
};

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
    summary: "Change the brain's embedding provider, model or dimensions",
    tag: 'Brains',
    access: 'Admin',
    description: 'Fields left out keep their value; switching provider without a model or size takes that provider\'s defaults. Local (0) needs 100 dimensions. Every passage is then re-embedded in the background (progress in `GET /api/v1/brains/{brainId}/search/status`); search uses words meanwhile.',
    body: updateBrainEmbeddingBody,
    responses: ok(R.brainResponse),
    errors: [400],
  },
  'GET /api/v1/brains/:brainId/schema': { summary: "The brain's folders and entity types", tag: 'Brains', access: 'Read', responses: ok(R.brainSchemaResponse) },
  'GET /api/v1/brains/:brainId/instructions': { summary: "The brain's instructions markdown", tag: 'Brains', access: 'Read', responses: ok(R.instructionsResponse) },

  // ---- pages
  'GET /api/v1/brains/:brainId/pages': {
    summary: 'List pages, or read one page (with `path`), or one version of it (with `path` and `version`)',
    tag: 'Pages',
    access: 'Read',
    query: [q('path', str, 'Read this page instead of listing.'), q('version', int(1), 'With path: the page as it was at this version.'), q('prefix', str, 'List: only paths starting with this.'), q('cursor', str, 'List: the previous nextCursor.'), q('limit', int(1, LIMITS.pageList), 'List: page size (default 100).')],
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
  'DELETE /api/v1/brains/:brainId/pages': { summary: 'Delete a page', tag: 'Pages', access: 'Write', query: [pathQ(), q('expectedVersion', int(0)), q('expectedToken', str, 'The token you read; a stale one is 409.')], responses: noContent, errors: WRITE_ERRORS },
  'GET /api/v1/brains/:brainId/pages/timeline': { summary: "A page's Timeline entries, newest first", tag: 'Pages', access: 'Read', query: [pathQ(), q('limit', int(1, LIMITS.timeline))], responses: ok(R.timelineResponse), errors: [400] },
  'POST /api/v1/brains/:brainId/pages/timeline': { summary: 'Add a Timeline entry (date defaults to today, UTC)', tag: 'Pages', access: 'Write', query: [pathQ()], body: timelineEntryBody, responses: created(R.timelineAddedResponse), errors: WRITE_ERRORS },
  'POST /api/v1/brains/:brainId/pages/move': { summary: 'Move a page; links to it are rewritten', tag: 'Pages', access: 'Write', body: movePageBody, responses: ok(R.pageResponse, 'The page at its new path'), errors: WRITE_ERRORS },
  'GET /api/v1/brains/:brainId/pages/history': { summary: "A page's versions, newest first", tag: 'Pages', access: 'Read', query: [pathQ(), q('limit', int(1, LIMITS.history))], responses: ok(R.pageHistoryResponse), errors: [400] },
  'POST /api/v1/brains/:brainId/pages/revert': {
    summary: 'Restore a page to an earlier version (a new commit)',
    tag: 'Pages',
    access: 'Write',
    body: revertPageBody,
    responses: { 200: { description: 'Reverted', schema: R.pageResponse }, 201: { description: 'Re-created (the page had been deleted)', schema: R.pageResponse } },
    errors: WRITE_ERRORS,
  },
  'GET /api/v1/brains/:brainId/changes': { summary: 'Page changes after a cursor, oldest first', tag: 'Pages', access: 'Read', query: [q('since', str, 'The previous nextCursor; absent = from the start.'), q('limit', int(1, LIMITS.changes))], responses: ok(R.changesResponse), errors: [400] },

  // ---- search and graph
  'GET /api/v1/brains/:brainId/search': {
    summary: 'Search pages (hybrid, exact or semantic)',
    tag: 'Search and graph',
    access: 'Read',
    query: [q('q', searchProps.q!, undefined, true), q('mode', searchProps.mode!), q('limit', searchProps.limit!), q('partition', searchProps.partition!), q('folder', searchProps.folder!), q('includeArchived', bool),
      q('tag', str, 'Only pages carrying this tag (frontmatter `tags` or inline `#tag`); repeat for several, all required.'),
      q('type', searchProps.type!),
      q('fm.<key>', str, 'Frontmatter equality, e.g. `fm.status=active` (case-insensitive); several AND.'),
      q('updatedAfter', searchProps.updatedAfter!),
      q('updatedBefore', searchProps.updatedBefore!)],
    responses: ok(R.searchResponse),
    errors: [400],
  },
  'GET /api/v1/brains/:brainId/search/status': { summary: 'Embedding provider and indexing progress', tag: 'Search and graph', access: 'Read', responses: ok(R.searchStatusResponse) },
  'GET /api/v1/brains/:brainId/graph/backlinks': { summary: 'Pages that link to a page', tag: 'Search and graph', access: 'Read', query: [pathQ(), q('includeArchived', bool)], responses: ok(R.backlinksResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/graph/traverse': {
    summary: 'Pages within 1 to 3 hops',
    tag: 'Search and graph',
    access: 'Read',
    query: [q('path', traverseProps.path!, undefined, true), q('depth', traverseProps.depth!), q('limit', traverseProps.limit!), q('direction', traverseProps.direction!), q('includeArchived', bool), q('type', str, 'Follow only links of this relation type (repeatable): mentions, attended, works_at, invested_in, advises, founded, about, or a schema link field.')],
    responses: ok(R.traverseResponse),
    errors: [400],
  },
  'POST /api/v1/brains/:brainId/graph/resolve': { summary: 'Resolve slugs, titles or paths to pages (or near misses)', tag: 'Search and graph', access: 'Read', body: resolveRefsBody, responses: ok(R.resolveResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/graph/wanted': { summary: 'Link targets that no page answers yet, most linked first', tag: 'Search and graph', access: 'Read', query: [q('limit', int(1, LIMITS.wanted))], responses: ok(R.wantedResponse), errors: [400] },

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
    query: [q('brain', str, 'Slug or id of a brain the caller can write to.'), q('path', str, 'Folder hint.'), q('partition', str), q('skill', { type: 'string', enum: ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation'] })],
    bodyContent: uploadContent,
    bodyRequired: true,
    responses: { 201: { description: 'Stored', schema: R.uploadResponse }, 200: { description: 'A duplicate of an existing item', schema: R.uploadResponse } },
    errors: [400, 413, 422, 503, 507],
  },
  'POST /api/v1/brains/:brainId/inbox': {
    summary: "Upload to a brain's inbox",
    tag: 'Inbox',
    access: 'Write',
    query: [q('path', str, 'Folder hint.'), q('partition', str), q('skill', { type: 'string', enum: ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation'] })],
    bodyContent: uploadContent,
    bodyRequired: true,
    responses: { 201: { description: 'Stored', schema: R.uploadResponse }, 200: { description: 'A duplicate of an existing item', schema: R.uploadResponse } },
    errors: [400, 413, 422, 503, 507],
  },
  'GET /api/v1/brains/:brainId/inbox': { summary: 'Inbox items, newest first', tag: 'Inbox', access: 'Read', query: [q('status', int(0, 3)), q('partition', str), q('unassigned', bool), q('cursor', str), q('limit', int(1, LIMITS.inboxList))], responses: ok(R.inboxListResponse), errors: [400] },
  'GET /api/v1/brains/:brainId/inbox/:itemId': { summary: 'One item with its extracted text (and revision diff)', tag: 'Inbox', access: 'Read', responses: ok(R.inboxItemDetailResponse) },
  'PUT /api/v1/brains/:brainId/inbox/:itemId/status': { summary: "Move an item's status (and record a suggested placement)", tag: 'Inbox', access: 'Write', body: updateStatusBody, responses: ok(R.inboxItemResponse), errors: [400, 409] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/archive': { summary: 'Mark an item filed (status 2)', tag: 'Inbox', access: 'Write', responses: ok(R.inboxItemResponse), errors: [409] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/partition': { summary: 'Assign an item to a partition', tag: 'Inbox', access: 'Write', body: assignPartitionBody, responses: ok(R.inboxItemResponse), errors: [400, 422] },
  'POST /api/v1/brains/:brainId/inbox/:itemId/file': { summary: 'File an item now (runs its filing skill)', tag: 'Inbox', access: 'Write', body: fileItemBody, responses: ok(R.filingResponse), errors: [400, 409, 503, 507] },

  // ---- partitions
  'GET /api/v1/brains/:brainId/partitions': { summary: 'Partitions (clients, sites, matters)', tag: 'Partitions', access: 'Read', query: [q('query', str), q('status', { type: 'string', enum: ['active', 'archived', 'all'] })], responses: ok(R.partitionListResponse), errors: [400] },
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
  'POST /api/ingest/:brainId': {
    summary: 'Webhook delivery: the raw body becomes an inbox item',
    tag: 'Webhooks',
    access: 'source-secret',
    description:
      'Authenticated by the source: `X-Ingest-Secret` (secret mode) or `X-Service-Signature: sha256=<hex HMAC of the raw body>` (signature mode). Optional headers: X-Filename, X-Ingest-External-Id, X-Ingest-Senders, X-Ingest-Canonical-Url, X-Ingest-Provider, X-Ingest-Provider-Item-Id, X-Ingest-Version, X-Ingest-Partition, X-Ingest-Skill.',
    query: [q('path', str, 'Folder hint.'), q('partition', str), q('skill', { type: 'string', enum: ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation'] })],
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
  'ALL /mcp': { summary: 'Other methods on /mcp: 405 (stateless server, no stream, no session)', tag: 'MCP', access: 'none', responses: { 405: { description: 'Method not allowed', schema: R.jsonRpcMessage } } },
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
