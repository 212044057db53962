// A small populated world for the reliability suite: a partitioned brain `acme` (agency template)
// with pages, an inbox item, a partition, a webhook source and a second member; credentials of
// every role on it; a credential of another brain; a revoked one. Route parameters are filled
// from it so every route reaches real resources.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { routeTable, type RouteEntry } from '../../src/http/routeTable.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

export type TokenKind = 'none' | 'bad' | 'revoked' | 'otherBrain' | 'Read' | 'Write' | 'Admin' | 'Owner';
export const TOKEN_KINDS: TokenKind[] = ['none', 'bad', 'revoked', 'otherBrain', 'Read', 'Write', 'Admin', 'Owner'];

export interface World {
  s: TestServer;
  brainId: string;
  tokens: Record<TokenKind, string | null>;
  params: Record<string, string>;
  routes: RouteEntry[];
}

export async function buildWorld(): Promise<World> {
  const s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '1000000' });
  const c = s.c;
  const brain = await c.brains.create(SYSTEM_ACTOR, { slug: 'acme', name: 'Acme', templateKey: 'agency' }, { ownerUserId: c.identity.users()[0]!.id });
  const cred = (role: 'Read' | 'Write' | 'Admin' | 'Owner', brainId = brain.id, label = `${role}-world`) => c.identity.createCredential({ brainId, role, label }, SYSTEM_ACTOR);
  const revoked = cred('Owner', brain.id, 'revoked');
  c.identity.revokeCredential(brain.id, revoked.credential.id, SYSTEM_ACTOR);
  const tokens: Record<TokenKind, string | null> = {
    none: null,
    bad: 'ck_0000000000000000000000000000000000000000',
    revoked: revoked.key,
    otherBrain: cred('Owner', s.mainBrainId, 'other-brain').key,
    Read: cred('Read').key,
    Write: cred('Write').key,
    Admin: cred('Admin').key,
    Owner: cred('Owner').key,
  };
  for (let i = 0; i < 4; i++) {
    await c.pages.put(SYSTEM_ACTOR, brain.id, { path: `notes/n${i}`, markdown: `# Note ${i}\n\nSee [[notes/n${(i + 1) % 4}]].\n\n## Timeline\n\n- 2024-01-0${i + 1}: made\n` });
  }
  const partition = await c.partitions.create(SYSTEM_ACTOR, brain.id, { name: 'Globex', key: 'globex', domains: ['globex.example'] });
  const upload = await c.inbox.upload(SYSTEM_ACTOR, brain.id, { filename: 'call.txt', content: 'Call notes with Globex.', partition: 'globex' }, 'api');
  const { source } = c.sources.create(SYSTEM_ACTOR, brain.id, { mode: 'secret', label: 'world' });
  const member = await c.identity.createUser({ email: 'bob@example.com', name: 'Bob', password: 'correct-horse-1' }, SYSTEM_ACTOR);
  c.members.add(SYSTEM_ACTOR, brain.id, { userId: member.id, role: 'Read' });
  const app = s.service.http.server.listeners('request')[0] as unknown as Express;
  const itemId = (upload.body as { item: { id: string } }).item.id;
  return {
    s,
    brainId: brain.id,
    tokens,
    params: {
      brainId: 'acme',
      brain: 'acme',
      itemId,
      id: itemId,
      key: partition.key,
      sourceId: source.id,
      member: member.id,
      userId: member.id,
      file: 'missing.js',
    },
    routes: routeTable(app),
  };
}

/** A route template with its parameters filled in. */
export function fillPath(template: string, params: Record<string, string>, override: Record<string, string> = {}): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(override[name] ?? params[name] ?? `unknown-${name}`));
}

/**
 * Everything a request could change, hashed: every state and index table's rows (less per-read
 * bookkeeping such as a credential's last use) and every brain's refs. Search and vector tables
 * are left out: they are derived from `pages`, which is in. Equal fingerprints mean nothing changed.
 */
export function fingerprint(s: TestServer): string {
  const db = new Database(path.join(s.dataDir, 'brainkeep.db'), { readonly: true });
  const hash = createHash('sha256');
  try {
    const all = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string; sql: string }>;
    const virtual = all.filter((t) => /^CREATE VIRTUAL/i.test(t.sql)).map((t) => t.name);
    for (const { name } of all) {
      if (virtual.some((v) => name === v || name.startsWith(`${v}_`)) || /^(search|embedding)/.test(name)) continue;
      const rows = db.prepare(`SELECT * FROM "${name}"`).all() as Array<Record<string, unknown>>;
      for (const row of rows) {
        delete row.last_used_at;
        delete row.last_seen_at;
        hash.update(`${name}:${JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v))}\n`);
      }
    }
  } finally {
    db.close();
  }
  const brains = path.join(s.dataDir, 'brains');
  for (const dir of fs.readdirSync(brains).sort()) hash.update(`${dir}:${refsOf(path.join(brains, dir))}\n`);
  return hash.digest('hex');
}

/** Every ref of a bare repository as `name oid` lines: loose ref files, then packed-refs. */
function refsOf(gitdir: string): string {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = `${rel}/${d.name}`;
      if (d.isDirectory()) walk(path.join(dir, d.name), r);
      else if (!d.name.endsWith('.lock')) out.push(`${r} ${fs.readFileSync(path.join(dir, d.name), 'utf8').trim()}`);
    }
  };
  walk(path.join(gitdir, 'refs'), 'refs');
  const packed = path.join(gitdir, 'packed-refs');
  if (fs.existsSync(packed)) out.push(fs.readFileSync(packed, 'utf8'));
  return out.sort().join('\n');
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** One request as a client sends it; redirects are reported, not followed (the web app answers with them). */
export async function send(base: string, method: string, url: string, opts: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined = opts.rawBody;
  if (body === undefined && opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + url, { method, headers, body, redirect: 'manual' });
  // An event stream (GET .../events, an MCP session's GET) never ends: its opening is the answer.
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, body: null, text: '' };
  }
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}
