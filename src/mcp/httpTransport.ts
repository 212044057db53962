// Streamable HTTP for a stateless server that answers in JSON (no sessions, no server-initiated
// stream), as an SDK `Transport`: one long-lived SDK `Server` is connected to it once, and each
// POST hands its JSON-RPC messages to that server. Per request there is then only the caller's
// authentication and the call: no server, transport or Ajv to build, and no conversion of the
// Node request into a web Request and back (what the SDK's StreamableHTTPServerTransport does).
// Requests of concurrent callers may carry the same JSON-RPC id, so each gets a transport-unique id
// on the way in and its own id back on the way out. The checks and replies are the SDK transport's.
// Each message is validated once, here, against the SDK's JSONRPCMessageSchema, and then handed to
// the protocol's handler for its kind (see `dispatchDirectly`); a reply is serialised once.
import type { Request, Response } from 'express';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** As the SDK's transport: a POST carries at most this many messages. */
const MAX_BATCH_SIZE = 100;

interface Pending {
  id: RequestId;
  reply: (message: JSONRPCMessage) => void;
}

export class StatelessHttpTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.pending.clear();
    this.onclose?.();
  }

  /** A reply goes to the POST that asked; notifications have no stream to go to here, as in the SDK's JSON mode. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || !('result' in message || 'error' in message) || typeof message.id !== 'number') return;
    const p = this.pending.get(message.id);
    if (!p) return;
    this.pending.delete(message.id);
    p.reply({ ...message, id: p.id } as JSONRPCMessage);
  }

  /** Answer one POST whose body express has parsed; `auth` reaches the handlers as `extra.authInfo`. */
  async handle(req: Request, res: Response, auth: AuthInfo): Promise<void> {
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return fail(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') {
      return fail(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const raw: unknown = req.body;
    if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE) return fail(res, 400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    const messages: JSONRPCMessage[] = [];
    for (const m of Array.isArray(raw) ? raw : [raw]) {
      const parsed = JSONRPCMessageSchema.safeParse(m);
      if (!parsed.success) return fail(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
      messages.push(parsed.data);
    }
    const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId; method: string } => 'method' in m && 'id' in m;
    const initializing = messages.some((m) => isRequest(m) && m.method === 'initialize');
    if (initializing && messages.length > 1) return fail(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
    const version = req.headers['mcp-protocol-version'];
    if (!initializing && typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return fail(res, 400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
    }
    const extra: MessageExtraInfo = { authInfo: auth, requestInfo: { headers: req.headers } };
    const requests = messages.filter(isRequest);
    if (!requests.length) {
      for (const m of messages) this.onmessage?.(m, extra);
      return void res.status(202).end();
    }
    const ids: number[] = [];
    const replies: JSONRPCMessage[] = [];
    let left = requests.length;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    requests.forEach((m, i) => {
      const id = ++this.nextId;
      ids.push(id);
      this.pending.set(id, {
        id: m.id,
        reply: (reply) => {
          replies[i] = reply;
          if (--left === 0) finish();
        },
      });
    });
    // A caller that hangs up gets no reply: its calls finish and their replies are dropped.
    res.once('close', () => {
      for (const id of ids) this.pending.delete(id);
      finish();
    });
    let k = 0;
    for (const m of messages) this.onmessage?.(isRequest(m) ? ({ ...m, id: ids[k++]! } as JSONRPCMessage) : m, extra);
    await done;
    if (left > 0 || res.writableEnded) return;
    const body = JSON.stringify(Array.isArray(raw) ? replies : replies[0]);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  }
}

/**
 * The SDK protocol's handler for each kind of message: TypeScript-private in the SDK, present at run
 * time. test/unit/mcpDispatchDirectly.test.ts checks the installed SDK still has them in this shape,
 * so an SDK upgrade that renames or reshapes them fails a test instead of quietly falling back.
 */
export interface ProtocolHandlers {
  _onrequest(message: JSONRPCRequest, extra?: MessageExtraInfo): void;
  _onnotification(message: JSONRPCNotification): void;
  _onresponse(message: JSONRPCMessage): void;
}

/** The private handler names dispatchDirectly calls, with the arguments each takes. */
export const PROTOCOL_HANDLERS = { _onrequest: 2, _onnotification: 1, _onresponse: 1 } as const;

/**
 * Call once `protocol.connect(transport)` has resolved. The SDK's dispatcher tries each incoming
 * message against up to four zod schemas in turn to learn its kind, and every schema that does not
 * match builds a ZodError (about 60 µs for a tools/call, a third of the cost an MCP call adds to the
 * same REST call). Messages reaching it from this transport have already passed the SDK's
 * JSONRPCMessageSchema, whose four branches are strict objects, so their keys tell the kind
 * exactly: this hands each to the same handler of the protocol the SDK's dispatcher would pick.
 * If an SDK version lacks those handlers, its own dispatcher stays in place and this returns false
 * (the caller logs it); true when the direct dispatch is installed.
 */
/** `protocol` is the SDK `Server` (a `Protocol`) connected to `transport`. */
export function dispatchDirectly(protocol: object, transport: StatelessHttpTransport): boolean {
  const handlers = protocol as unknown as Partial<ProtocolHandlers>;
  const { _onrequest, _onnotification, _onresponse } = handlers;
  if (typeof _onrequest !== 'function' || typeof _onnotification !== 'function' || typeof _onresponse !== 'function') return false;
  transport.onmessage = (message, extra) => {
    if ('method' in message) {
      if ('id' in message) _onrequest.call(protocol, message, extra);
      else _onnotification.call(protocol, message);
    } else _onresponse.call(protocol, message);
  };
  return true;
}

function fail(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}
