// The MCP server factory: one low-level SDK `Server` per caller and request (stateless), with raw
// JSON Schema tool inputs (the REST bodies' schemas) and handlers that are thin adapters over services.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
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
import { errorResult, jsonResult, toProblem } from './results.js';
import { getInstructionsPrompt, INSTRUCTIONS_PROMPT, listPageResources, PAGE_TEMPLATE, readPageResource } from './resources.js';
import type { ToolContext, ToolDef } from './tool.js';
import { brainTools } from './tools/brains.js';
import { graphTools } from './tools/graph.js';
import { inboxTools } from './tools/inbox.js';
import { pageTools } from './tools/pages.js';
import { searchTools } from './tools/search.js';

export const TOOLS: ToolDef[] = [...brainTools, ...searchTools, ...pageTools, ...graphTools, ...inboxTools];
const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

const INSTRUCTIONS = [
  'Brainkeep keeps brains: git-versioned folders of markdown pages with search and a link graph.',
  'Start with list_brains; pass a brain slug as `brain` when you can reach more than one.',
  'Before writing, read get_instructions (or the brain_instructions prompt) and get_schema: they say where pages belong and how to write them.',
  'Link pages with [[path/without-ext]] or [[Title]]. Every write is a commit; pass expectedVersion from read_page to avoid overwriting someone else.',
  'Send raw material (transcripts, documents) to upload_to_inbox and let the filing pass turn it into pages.',
].join(' ');

export function createMcpServer(ctx: ToolContext, version = '0.1.0'): Server {
  const server = new Server(
    { name: 'brainkeep', title: 'Brainkeep', version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map(describeTool) }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) return errorResult(new NotFoundError(`Tool ${request.params.name}`, 'unknown_tool'));
    try {
      return jsonResult(await tool.run(ctx, request.params.arguments ?? {}));
    } catch (e) {
      if (toProblem(e).status >= 500) ctx.log?.error({ err: e, tool: tool.name }, 'MCP tool failed');
      return errorResult(e);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, (request) => protocolErrors(() => listPageResources(ctx, request.params?.cursor)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [PAGE_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => protocolErrors(() => readPageResource(ctx, request.params.uri)));

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [INSTRUCTIONS_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== INSTRUCTIONS_PROMPT.name) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt ${request.params.name}`);
    return protocolErrors(() => getInstructionsPrompt(ctx, request.params.arguments));
  });
  return server;
}

function describeTool(t: ToolDef): Tool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
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
