// Test harness: a real Brainkeep server on an ephemeral loopback port with a temp data folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { startService, type Service } from '../../src/main.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import type { Role } from '../../src/domain/roles.js';
import { TEST_MODELS_DIR } from './models.js';
import type { Db } from '../../src/storage/sqlite/database.js';
import { WalCheckpointer } from '../../src/storage/sqlite/walCheckpointer.js';

export interface TestServer {
  url: string;
  dataDir: string;
  service: Service;
  c: Service['container'];
  /** The default brain created at first start. */
  mainBrainId: string;
  printed: string[];
  credential(role: Role, brain?: string, label?: string): string;
  request(method: string, urlPath: string, opts?: RequestOpts): Promise<ApiResponse>;
  stop(): Promise<void>;
}

export interface RequestOpts {
  token?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export function tempDir(prefix = 'brainkeep-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = env.BRAINKEEP_DATA ?? tempDir();
  const config: Config = loadConfig({ PORT: '0', HOST: '127.0.0.1', BRAINKEEP_DATA: dataDir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off', BRAINKEEP_MODELS_DIR: TEST_MODELS_DIR, ...env });
  const printed: string[] = [];
  const service = await startService(config, { quiet: true, print: (l) => printed.push(l) });
  const url = service.http.url;
  const main = service.container.access.findBrain('main');
  const ts: TestServer = {
    url,
    dataDir,
    service,
    c: service.container,
    mainBrainId: main?.id ?? '',
    printed,
    credential(role, brain = 'main', label = `${role.toLowerCase()}-test`) {
      const b = service.container.access.findBrain(brain);
      if (!b) throw new Error(`no brain ${brain}`);
      return service.container.identity.createCredential({ brainId: b.id, role, label }, SYSTEM_ACTOR).key;
    },
    request: (method, urlPath, opts = {}) => apiRequest(url, method, urlPath, opts),
    async stop() {
      await service.stop();
      if (!env.BRAINKEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}

export async function apiRequest(base: string, method: string, urlPath: string, opts: RequestOpts = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.rawBody != null) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + urlPath, { method, headers, body });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The container's SQLite connection, for the SQLite-only cases (pragmas, FTS5 tables); throws on PostgreSQL. */
export function sqliteOf(c: Service['container']): Db {
  if (c.database.backend !== 'sqlite') throw new Error(`this case needs SQLite; the server runs on ${c.database.backend}`);
  return c.db as Db;
}

/** The container's WAL checkpointer (SQLite only). */
export function walCheckpointerOf(c: Service['container']): WalCheckpointer {
  if (!(c.checkpointer instanceof WalCheckpointer)) throw new Error('this case needs SQLite\'s WAL checkpointer');
  return c.checkpointer;
}
