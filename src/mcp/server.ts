// The MCP server: the tool registry (names, portable input and output schemas, descriptions) is
// built once when this module loads, and one SDK `Server` serves every caller of a transport; a
// call then costs the argument check against the REST schema and the service call. Handlers are
// thin adapters over services. The low-level `Server` is used (not `McpServer`) because tool
// schemas are the REST bodies' JSON Schemas, shared with REST validation and OpenAPI, not zod.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { NotFoundError } from '../domain/errors.js';
import { validate } from '../domain/validate.js';
import { ContentResult, errorResult, jsonResult, toProblem } from './results.js';
import { getInstructionsPrompt, INSTRUCTIONS_PROMPT, listPageResources, PAGE_TEMPLATE, readPageResource } from './resources.js';
import { OUTPUT_SCHEMAS, portable } from './schemas.js';
import type { ToolContext, ToolDef } from './tool.js';
import { brainTools } from './tools/brains.js';
import { graphTools } from './tools/graph.js';
import { inboxTools } from './tools/inbox.js';
import { pageTools } from './tools/pages.js';
import { fileTools } from './tools/files.js';
import { searchTools } from './tools/search.js';

export const TOOLS: ToolDef[] = [...brainTools, ...searchTools, ...pageTools, ...fileTools, ...graphTools, ...inboxTools];
const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
/** tools/list's reply, built once: every tool with its portable input and output schemas. */
export const TOOL_LIST: Tool[] = TOOLS.map(describeTool);
/** The SDK's JSON Schema validator (an Ajv instance), shared: each `Server` would otherwise build its own. */
const VALIDATOR = new AjvJsonSchemaValidator();

const INSTRUCTIONS = [
  'Brainkeep keeps brains: git-versioned folders of markdown pages with search and a link graph.',
  'Start with list_brains; pass a brain slug as `brain` when you can reach more than one.',
  "Before writing, read get_instructions (or the brain_instructions prompt) and get_schema: they hold the brain's own conventions, where each kind of page belongs and how to write it; follow them.",
  'Find pages with search, check [[link]] targets with resolve_links, explore around a page with traverse or backlinks.',
  'Edit pages with patch_page, log dated events with add_timeline_entry, and use write_page for new pages and full rewrites.',
  'Link pages with [[path/without-ext]] or [[Title]]. Every write is a commit; pass expectedVersion from read_page to avoid overwriting someone else.',
  'Send raw material (transcripts, documents) to upload_to_inbox and let the filing pass turn it into pages.',
].join(' ');

/** What a handler learns about its call from the SDK: the transport's auth info, among others. */
export type CallExtra = { authInfo?: AuthInfo };

/**
 * An SDK server with Brainkeep's tools, resources and prompt. `contextOf` gives each call its
 * context: over HTTP one server serves every caller and the actor comes with the call's auth info;
 * over stdio it is the same context for every call.
 */
export function createMcpServer(contextOf: (extra: CallExtra) => ToolContext, version = '0.1.0'): Server {
  const server = new Server(
    { name: 'brainkeep', title: 'Brainkeep', version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: VALIDATOR },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) return errorResult(new NotFoundError(`Tool ${request.params.name}`, 'unknown_tool'));
    const ctx = contextOf(extra);
    try {
      const args = validate<Record<string, unknown>>(tool.inputSchema, request.params.arguments ?? {}, `arguments to ${tool.name}`);
      const out = await tool.run(ctx, args);
      return out instanceof ContentResult ? { content: out.content, structuredContent: out.structured } : jsonResult(out);
    } catch (e) {
      if (toProblem(e).status >= 500) ctx.log?.error({ err: e, tool: tool.name }, 'MCP tool failed');
      return errorResult(e);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, (request, extra) => protocolErrors(() => listPageResources(contextOf(extra), request.params?.cursor)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [PAGE_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => protocolErrors(() => readPageResource(contextOf(extra), request.params.uri)));

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [INSTRUCTIONS_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
    if (request.params.name !== INSTRUCTIONS_PROMPT.name) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt ${request.params.name}`);
    return protocolErrors(() => getInstructionsPrompt(contextOf(extra), request.params.arguments));
  });
  return server;
}

function describeTool(t: ToolDef): Tool {
  const output = OUTPUT_SCHEMAS[t.name];
  if (!output) throw new Error(`MCP tool ${t.name} has no output schema`);
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: portable(t.inputSchema) as Tool['inputSchema'],
    outputSchema: portable(output) as Tool['outputSchema'],
    annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: t.readOnly ? false : (t.destructive ?? false), openWorldHint: false },
  };
}

/**
 * Resources and prompts have no isError form: service errors become JSON-RPC errors carrying the
 * problem. Bad arguments (400, 422: a crafted cursor, a bad URI) and unknown targets (404) are
 * invalid params (-32602); other refusals are invalid requests; only our own faults are -32603.
 */
async function protocolErrors<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const problem = toProblem(e);
    const code = [400, 404, 422].includes(problem.status) ? ErrorCode.InvalidParams : problem.status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
    throw new McpError(code, problem.detail, problem.toJSON());
  }
}
