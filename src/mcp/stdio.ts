// MCP over stdio for local agents (`npx brainkeep mcp --brain SLUG`): the same tools, resources and
// prompt against the local data folder. It runs with the operator's rights, like the rest of the
// CLI, and acts on --brain unless a call names another brain. stdout is the protocol channel, so
// logs go to stderr.
import { pino } from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Services } from '../container.js';
import type { Actor } from '../domain/actor.js';
import { createMcpServer } from './server.js';
import { mcpSubscriptions } from './subscriptions.js';

export const STDIO_ACTOR: Actor = { kind: 'system', name: 'mcp-stdio' };

/** Serve until stdin closes or the process is asked to stop; resolves once the server is closed. */
export async function serveStdio(c: Services, brainSlug: string): Promise<void> {
  const log = pino({ level: c.config.logLevel, base: undefined }, pino.destination(2));
  const ctx = { c, actor: STDIO_ACTOR, defaultBrain: brainSlug, log };
  const server = createMcpServer(() => ctx);
  // Resource subscriptions: this process follows the event log, so changes made by the server or
  // any other process reach the agent too.
  const subscriptions = mcpSubscriptions(c);
  const session = subscriptions.open(STDIO_ACTOR, brainSlug, (n) => void server.notification(n).catch(() => {}));
  subscriptions.attach(server, () => session);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  const stop = () => void server.close();
  process.stdin.once('end', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await closed;
  subscriptions.close(session.id);
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
}
