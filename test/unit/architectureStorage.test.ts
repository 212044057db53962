// The storage seal (issue 22): no adapter (http, mcp, git-http, web, jobs, cli) imports anything
// under src/storage, by a relative path or a dynamic import. Adapters reach disk formats only
// through services.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const ADAPTERS = ['http', 'mcp', 'git-http', 'web', 'jobs', 'cli'];

/** Named exceptions, one line each with why. */
const EXCEPTIONS = new Set<string>([]);

function* sourceFiles(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|js|mjs)$/.test(e.name)) yield p;
  }
}

/** Every module specifier a file names: static imports and exports, `import()` and `import x = require()`. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) out.push(node.arguments[0].text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) out.push(node.moduleReference.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function storageImports(root = SRC): string[] {
  const found: string[] = [];
  for (const adapter of ADAPTERS) {
    const dir = path.join(root, adapter);
    if (!fs.existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join('/').replace(/\.js$/, '.ts');
        if (target.split('/')[0] === 'storage' && !EXCEPTIONS.has(`${rel} -> ${target}`)) found.push(`${rel} imports ${target}`);
      }
    }
  }
  return found;
}

describe('architecture: adapters never import storage', () => {
  it('no file under http, mcp, git-http, web, jobs or cli imports src/storage', () => {
    assert.deepEqual(storageImports(), []);
  });

  it('the parser sees every import form (a check that could not fail would prove nothing)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-arch-'));
    fs.mkdirSync(path.join(root, 'cli'));
    fs.writeFileSync(path.join(root, 'cli', 'probe.ts'), "import type { X } from '../storage/a.js';\nexport { Y } from '../storage/b.js';\nconst z = await import('../storage/c.js');\nimport { W } from '../services/w.js';\n");
    try {
      assert.deepEqual(storageImports(root), ['cli/probe.ts imports storage/a.ts', 'cli/probe.ts imports storage/b.ts', 'cli/probe.ts imports storage/c.ts']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
