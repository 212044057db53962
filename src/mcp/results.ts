// Tool results: the service's JSON as text plus `structuredContent` (what the tool's outputSchema
// describes); errors as `isError` results whose text is the same problem JSON the REST API would
// send (RFC 9457 fields plus named extras). An error carries no `structuredContent`: clients check
// structured content against the tool's outputSchema, which describes a success.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toAppError, type AppError } from '../domain/errors.js';

export function jsonResult(value: unknown): CallToolResult {
  const structured = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: structured };
}

export function errorResult(err: unknown): CallToolResult {
  const problem = toProblem(err).toJSON();
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem, null, 2) }] };
}

/** The problem any thrown thing is (domain/errors.ts `toAppError`, the same map REST and git use). */
export function toProblem(err: unknown): AppError {
  return toAppError(err);
}

/** A tool reply with its own content blocks (an image, a document's text) beside the structured facts. */
export class ContentResult {
  constructor(
    readonly content: CallToolResult['content'],
    readonly structured: Record<string, unknown>,
  ) {}
}
