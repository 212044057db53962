// MCP resource subscriptions: `resources/subscribe` and `resources/unsubscribe` on page resources,
// `notifications/resources/updated` when a subscribed page changes and
// `notifications/resources/list_changed` when a page is created, deleted or moved. Both come from
// the brain event log through the process's event feed, so a change made anywhere (REST, another
// MCP client, git push, the CLI) reaches every session.
//
// stdio has one long-lived server: its session notifies through that server. Over Streamable HTTP
// one server answers every caller's POSTs statelessly (server.ts, http.ts, httpTransport.ts), with
// no stream of its own; what a subscription needs is kept here instead: the
// `initialize` reply hands out an `Mcp-Session-Id`, later POSTs carrying it record subscriptions
// against that session, and the session's `GET /mcp` stream carries the notifications. Sessions live
// in memory: after a restart a client's GET gets 404 and, as the spec says, it initializes again.
import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { Services } from '../container.js';
import { actorRef, type Actor } from '../domain/actor.js';
import { namedBrain } from '../domain/brainRef.js';
import type { BrainEvent } from '../domain/events.js';
import { parsePageUri, pageUri } from './resources.js';
import type { CallExtra } from './server.js';

/** Sessions not seen (no request, no open stream) for this long are forgotten. */
const SESSION_IDLE_MS = 60 * 60_000;
/**
 * Memory bound for all callers together. Reaching it refuses new sessions (SessionLimitError)
 * rather than closing anyone's, a caller at its own cap included: one caller's flood is bounded by
 * its own cap (`perCaller`, from BRAINKEEP_MCP_SESSIONS_PER_CALLER), where it only ever closes its
 * own sessions.
 */
export const MAX_SESSIONS = 10_000;
const MAX_SUBSCRIPTIONS_PER_SESSION = 1000;

export interface SessionLimits {
  /** Sessions of all callers together (a backstop: new ones are refused beyond it). */
  maxSessions: number;
  /**
   * Sessions of one caller; its own oldest goes first. A caller is a user whatever the token, and
   * the credentials a user created count as that user on their brain (minting more credentials
   * buys no more sessions); a credential no user created counts alone.
   */
  perCaller: number;
}

/** A new session was refused: the server holds as many as it may. */
export class SessionLimitError extends Error {
  constructor(readonly limit: number) {
    super(
      `The server holds the most MCP sessions it may (${limit}); no session was opened. ` +
        'Close sessions you no longer use (DELETE /mcp with their Mcp-Session-Id) or try again later (idle sessions expire after an hour).',
    );
    this.name = 'SessionLimitError';
  }
}

export interface McpSession {
  id: string;
  actor: Actor;
  /** Whose cap the session counts against (see SessionLimits.perCaller). */
  caller: string;
  /** stdio: resources outside this brain are not listed, so their list changes are not sent. */
  brain: string | null;
  uris: Set<string>;
  /** How notifications leave: the stdio server, or the HTTP session's GET stream (null: none open). */
  notify: ((n: ServerNotification) => void) | null;
  /** Ends the HTTP session's open GET stream (a new GET takes over from it). */
  endStream?: () => void;
  seenAt: number;
}

export class McpSubscriptions {
  private sessions = new Map<string, McpSession>();
  /** Each caller's sessions (by callerOf), in the order they were opened. */
  private byCaller = new Map<string, Set<string>>();
  private unlisten: (() => void) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly limits: SessionLimits;

  constructor(
    private readonly c: Services,
    limits: Partial<SessionLimits> = {},
  ) {
    this.limits = { maxSessions: limits.maxSessions ?? MAX_SESSIONS, perCaller: limits.perCaller ?? c.config.mcpSessionsPerCaller };
  }

  /**
   * A new session (HTTP: at initialize; stdio: the process's one). A caller at its own cap loses
   * one of its sessions: the actor's own first (another credential of the same user only when the
   * actor holds none), the least recently seen without an open stream (or, when all of them
   * stream, the least recently seen). That is a replacement, so it is allowed even with the server
   * at its overall cap; a net-new session with the server at that cap (after idle sessions have
   * been swept) throws SessionLimitError and closes nothing. Other callers' sessions are never
   * closed for it.
   */
  open(actor: Actor, brain: string | null = null, notify: McpSession['notify'] = null): McpSession {
    const caller = this.callerOf(actor);
    const own = this.byCaller.get(caller);
    if (own && own.size >= this.limits.perCaller) {
      const pool = [...own].map((id) => this.sessions.get(id)!);
      const actorsOwn = pool.filter((x) => actorRef(x.actor) === actorRef(actor));
      const mine = actorsOwn.length ? actorsOwn : pool;
      const oldest = (list: McpSession[]) => list.reduce((a, b) => (b.seenAt < a.seenAt ? b : a));
      const idle = mine.filter((x) => !x.notify);
      const victim = oldest(idle.length ? idle : mine);
      victim.endStream?.();
      this.close(victim.id);
    } else {
      if (this.sessions.size >= this.limits.maxSessions) this.sweep();
      if (this.sessions.size >= this.limits.maxSessions) throw new SessionLimitError(this.limits.maxSessions);
    }
    const s: McpSession = { id: randomUUID(), actor, caller, brain, uris: new Set(), notify, seenAt: Date.now() };
    this.sessions.set(s.id, s);
    let set = this.byCaller.get(caller);
    if (!set) this.byCaller.set(caller, (set = new Set()));
    set.add(s.id);
    this.ensureRunning();
    return s;
  }

  /** How many sessions are open (all callers, or one caller's). */
  count(actor?: Actor): number {
    return actor ? (this.byCaller.get(this.callerOf(actor))?.size ?? 0) : this.sessions.size;
  }

  /** Whose cap an actor's sessions count against: a credential a user created counts as that user on its brain. */
  private callerOf(actor: Actor): string {
    if (actor.kind !== 'credential') return actorRef(actor);
    const creator = this.c.identity.credentialCreator(actor.credentialId);
    return creator ? `user:${creator} brain:${actor.brainId}` : actorRef(actor);
  }

  /** The caller's own session (another caller's id is as unknown as a made-up one). */
  get(id: string | undefined, actor: Actor): McpSession | null {
    const s = id ? this.sessions.get(id) : undefined;
    if (!s || actorRef(s.actor) !== actorRef(actor)) return null;
    s.seenAt = Date.now();
    return s;
  }

  close(id: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    const own = this.byCaller.get(s.caller);
    own?.delete(id);
    if (own && !own.size) this.byCaller.delete(s.caller);
    s.notify = null;
    if (!this.sessions.size) this.stop();
  }

  /**
   * Declare the capability and answer subscribe/unsubscribe on a server (before it connects). The
   * server may serve many callers (HTTP): `sessionOf` finds the calling session from the call's
   * extra. Without a session (an HTTP client that never initialized with us) a subscribe is refused.
   */
  attach(server: Server, sessionOf: (extra: CallExtra) => McpSession | null): void {
    server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
    server.setRequestHandler(SubscribeRequestSchema, (request, extra) => {
      const session = sessionOf(extra);
      if (!session) throw new McpError(ErrorCode.InvalidRequest, 'Subscriptions need a session: initialize again and send its Mcp-Session-Id.');
      const { slug } = this.checkUri(request.params.uri);
      this.c.access.require(session.actor, namedBrain(slug), 'Read');
      if (session.uris.size >= MAX_SUBSCRIPTIONS_PER_SESSION) throw new McpError(ErrorCode.InvalidRequest, `A session may subscribe to at most ${MAX_SUBSCRIPTIONS_PER_SESSION} resources.`);
      session.uris.add(this.canonical(request.params.uri));
      return {};
    });
    server.setRequestHandler(UnsubscribeRequestSchema, (request, extra) => {
      sessionOf(extra)?.uris.delete(this.canonical(request.params.uri));
      return {};
    });
  }

  private checkUri(uri: string): { slug: string; path: string } {
    try {
      return parsePageUri(uri);
    } catch (e) {
      throw new McpError(ErrorCode.InvalidParams, (e as Error).message);
    }
  }

  /** The URI as we would write it, so `brain://main/a%20b.md` and `brain://main/a b.md` match. */
  private canonical(uri: string): string {
    const { slug, path } = this.checkUri(uri);
    const brain = this.c.access.findBrain(slug);
    return pageUri(brain?.slug ?? slug, path);
  }

  private ensureRunning(): void {
    if (this.unlisten) return;
    this.unlisten = this.c.eventFeed.listen((events) => this.dispatch(events));
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private stop(): void {
    this.unlisten?.();
    this.unlisten = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private sweep(): void {
    const cutoff = Date.now() - SESSION_IDLE_MS;
    for (const s of [...this.sessions.values()]) if (!s.notify && s.seenAt < cutoff) this.close(s.id);
  }

  private dispatch(events: BrainEvent[]): void {
    const listening = [...this.sessions.values()].filter((s) => s.notify);
    if (!listening.length) return;
    // One list_changed per session per batch, however many pages an import created.
    const listChangedFor = new Set<McpSession>();
    for (const e of events) {
      if (!e.type.startsWith('page.') || e.path == null) continue;
      const brain = this.c.access.findBrain(e.brainId);
      if (!brain) continue;
      const uris = [pageUri(brain.slug, e.path), ...(e.fromPath ? [pageUri(brain.slug, e.fromPath)] : [])];
      const listChanged = e.type !== 'page.put' || this.c.eventFeed.isCreate(e);
      for (const s of listening) {
        if (!s.notify || !this.c.access.roleOn(s.actor, brain)) continue;
        for (const uri of uris) if (s.uris.has(uri)) s.notify({ method: 'notifications/resources/updated', params: { uri } });
        if (listChanged && (!s.brain || s.brain === brain.slug || s.brain === brain.id)) listChangedFor.add(s);
      }
    }
    for (const s of listChangedFor) s.notify?.({ method: 'notifications/resources/list_changed' });
  }
}

const registries = new WeakMap<Services, McpSubscriptions>();

/** The process's one registry for a container (HTTP sessions and the stdio session alike). */
export function mcpSubscriptions(c: Services): McpSubscriptions {
  let r = registries.get(c);
  if (!r) registries.set(c, (r = new McpSubscriptions(c)));
  return r;
}
