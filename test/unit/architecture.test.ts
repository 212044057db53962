// Import boundaries (STYLE.md): adapters → services → domain; only storage touches disk formats;
// nothing below the adapters imports an adapter. Exceptions are named here, one line each, with why.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const ADAPTERS = ['http', 'mcp', 'git-http', 'web', 'jobs', 'cli'];

/** May `from` (a layer) import `to` (a layer)? Top-level files are their own layers. */
const ALLOWED: Record<string, string[]> = {
  domain: ['domain'],
  // Clients of outside systems (LLM, embedding providers, text extraction); the local model's files are storage.
  infra: ['infra', 'domain', 'config', 'storage', 'workerThread'],
  storage: ['storage', 'domain', 'metrics', 'workerThread'],
  services: ['services', 'storage', 'infra', 'domain', 'config', 'metrics', 'version', 'workerThread'],
  jobs: ['jobs', 'services', 'domain', 'config', 'container', 'metrics'],
  http: ['http', 'services', 'domain', 'config', 'container', 'metrics', 'version', 'mcp', 'web', 'git-http'],
  mcp: ['mcp', 'services', 'domain', 'config', 'container', 'version', 'http'],
  'git-http': ['git-http', 'services', 'domain', 'config', 'container', 'http'],
  web: ['web', 'services', 'domain', 'config', 'container', 'http', 'version', 'workerThread'],
  cli: ['cli', 'services', 'domain', 'config', 'container', 'main', 'mcp', 'version'],
};

/** Named exceptions, one line each with why (none today). */
const EXCEPTIONS = new Set<string>([]);

/** Top-level helpers any layer may use: they import nothing of ours (Node built-ins and packages only). */
const LEAVES = ['workerThread.ts'];

function layerOf(rel: string): string {
  const first = rel.split('/')[0]!;
  return first.endsWith('.ts') ? first.slice(0, -3) : first;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (e.name.endsWith('.ts')) yield p;
  }
}

describe('architecture: import boundaries', () => {
  it('every relative import stays within the layer rules', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const from = layerOf(rel);
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), m[1]!)).split(path.sep).join('/').replace(/\.js$/, '.ts');
        const to = layerOf(target);
        if (from === to) continue;
        const allowed = ALLOWED[from];
        if (!allowed) continue; // top-level composition files (main, container, config) may wire anything
        if (allowed.includes(to) || EXCEPTIONS.has(`${rel} -> ${target}`)) continue;
        violations.push(`${rel} imports ${target} (${from} → ${to})`);
      }
    }
    assert.deepEqual(violations, []);
  });

  it('the shared top-level helpers import nothing of ours', () => {
    for (const leaf of LEAVES) {
      const text = fs.readFileSync(path.join(SRC, leaf), 'utf8');
      assert.deepEqual([...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]), [], leaf);
    }
  });

  it('nothing below the adapters imports an adapter', () => {
    for (const layer of ['domain', 'infra', 'storage', 'services']) {
      for (const a of ADAPTERS) assert.ok(!ALLOWED[layer]!.includes(a), `${layer} may not import ${a}`);
    }
  });
});
