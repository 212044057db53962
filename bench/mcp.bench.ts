// MCP cost: read_page and search over Streamable HTTP (/mcp, a JSON-RPC tools/call as an agent
// sends it) beside the same read and search over REST, on one server in the same run. Both are
// timed by one client in another process (bench/httpClient.ts), one keep-alive connection, in
// short batches that alternate REST/MCP and swap which goes first, so a slow spell of the shared
// machine lands on both sides alike. Target: MCP p50 ≤ 1.3 × REST p50.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_ACTOR } from '../src/domain/actor.js';
import { sharedSifModel } from '../src/infra/embeddings/localProvider.js';
import { ChildHttpClient, type Timed, type TimedRequest } from './httpClient.js';
import { figure, percentile, type Figure, type Suite, startBenchService } from './lib.js';
import { generatePages, queries } from './search.bench.js';

const TARGET = 1.3;
const BATCH = 10;

export const suite: Suite = {
  name: 'mcp',
  description: 'MCP read_page and search p50 over /mcp beside the same REST GETs, alternating batches in one run',
  async run({ quick, log }) {
    const n = quick ? 300 : 1000;
    const rounds = quick ? 10 : 40;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-bench-mcp-'));
    const service = await startBenchService(dataDir, { BRAINKEEP_FSYNC: 'off', BRAINKEEP_MODELS_DIR: process.env.BRAINKEEP_MODELS_DIR ?? path.join(os.tmpdir(), 'brainkeep-test-models') });
    const c = service.container;
    const client = new ChildHttpClient();
    try {
      await sharedSifModel(c.config.modelsDir);
      const brainId = c.access.findBrain('main')!.id;
      const token = c.identity.createCredential({ brainId, role: 'Read', label: 'bench' }, SYSTEM_ACTOR).key;
      const pages = generatePages(n);
      await c.writes.write(brainId, SYSTEM_ACTOR, () => ({
        ops: pages.map((p) => ({ op: 'put' as const, path: p.path, content: Buffer.from(p.markdown) })),
        message: 'Import',
        opName: 'import',
        audit: { action: 'bench.import' },
      }));
      await c.embeddings.drain();
      const qs = queries(BATCH * rounds);
      const auth = { authorization: `Bearer ${token}` };
      const api = `${service.http.url}/api/v1/brains/${brainId}`;
      const mcpHeaders = { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
      let id = 0;
      const call = (name: string, args: Record<string, unknown>): TimedRequest => ({
        method: 'POST',
        url: `${service.http.url}/mcp`,
        headers: mcpHeaders,
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
      });
      const pathOf = (k: number) => pages[(k * 7919) % n]!.path;
      const kinds = {
        read: {
          rest: (k: number): TimedRequest => ({ url: `${api}/pages?path=${encodeURIComponent(pathOf(k))}`, headers: auth }),
          mcp: (k: number) => call('read_page', { path: pathOf(k) }),
        },
        search: {
          rest: (k: number): TimedRequest => ({ url: `${api}/search?q=${encodeURIComponent(qs[k]!)}`, headers: auth }),
          mcp: (k: number) => call('search', { q: qs[k]! }),
        },
      };
      const figures: Figure[] = [];
      for (const [kind, make] of Object.entries(kinds)) {
        // Warm up both paths (JIT, caches, the connection).
        await client.run(Array.from({ length: 20 }, (_, k) => (k % 2 ? make.rest(k) : make.mcp(k))));
        const rest: number[] = [];
        const mcp: number[] = [];
        for (let r = 0; r < rounds; r++) {
          const ks = Array.from({ length: BATCH }, (_, j) => r * BATCH + j);
          const restBatch = ks.map(make.rest);
          const mcpBatch = ks.map(make.mcp);
          const [first, second] = r % 2 ? [mcpBatch, restBatch] : [restBatch, mcpBatch];
          const a = await client.run(first, { keepBodies: r === 0 });
          const b = await client.run(second, { keepBodies: r === 0 });
          const [restRes, mcpRes] = r % 2 ? [b, a] : [a, b];
          if (r === 0) check(kind, restRes, mcpRes);
          rest.push(...restRes.map((x) => x.ms));
          mcp.push(...mcpRes.map((x) => x.ms));
        }
        const rest50 = percentile(rest, 50);
        const mcp50 = percentile(mcp, 50);
        const tool = kind === 'read' ? 'read_page' : 'search';
        log(`${kind}: ${rest.length} REST and ${mcp.length} MCP calls in ${rounds} alternating rounds; p50 REST ${rest50.toFixed(2)} ms, MCP ${mcp50.toFixed(2)} ms, ratio ${(mcp50 / rest50).toFixed(2)}`);
        figures.push(
          figure({ suite: 'mcp', name: `MCP ${tool} p50 @${n} pages`, value: mcp50, unit: 'ms', baselineName: `REST ${kind === 'read' ? 'GET page' : 'GET search'} p50`, baseline: rest50, better: 'lower', target: `ratio ≤ ${TARGET}`, met: mcp50 <= TARGET * rest50 }),
          figure({ suite: 'mcp', name: `MCP ${tool} p95 @${n} pages`, value: percentile(mcp, 95), unit: 'ms', baselineName: `REST ${kind === 'read' ? 'GET page' : 'GET search'} p95`, baseline: percentile(rest, 95), better: 'lower', target: null }),
        );
      }
      return figures;
    } finally {
      await client.close();
      await service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

/** Both sides must answer for real (200, and the MCP call no tool error) for the timing to mean anything. */
function check(kind: string, rest: Timed[], mcp: Timed[]): void {
  const badRest = rest.find((r) => r.status !== 200);
  if (badRest) throw new Error(`REST ${kind} answered ${badRest.status}: ${badRest.body.slice(0, 200)}`);
  for (const r of mcp) {
    const reply = r.status === 200 ? (JSON.parse(r.body) as { result?: { isError?: boolean } }) : null;
    if (!reply?.result || reply.result.isError) throw new Error(`MCP ${kind} answered ${r.status}: ${r.body.slice(0, 300)}`);
  }
}
