// An EntityResolver over a fixed set of pages (path → markdown), with the default template's schema:
// the filing unit tables ask it which pages a text names, without a brain or an index.
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { EntityResolver, type EntityLookup } from '../../src/domain/filing/entities.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

export function resolverOver(pages: Record<string, string>): EntityResolver {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(pages).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v == null ? [] : [String(v)]);
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => p.path.startsWith(`${r}/`)));
  const names = (p: (typeof parsed)[number]) => [p.title, ...listOf(p.frontmatter.aliases)];
  const lookup: EntityLookup = {
    read: (p) => pages[p] ?? null,
    findByField: (key, value, roots) => under(roots).filter((p) => listOf(p.frontmatter[key]).some((v) => v.toLowerCase() === value.toLowerCase())).map((p) => p.path),
    findByName: (name, roots) => under(roots).filter((p) => names(p).some((n) => n.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    findBySurname: (last, roots) => under(roots).filter((p) => names(p).some((n) => n.split(' ').length > 1 && n.split(' ').pop()!.toLowerCase() === last.toLowerCase())).map((p) => p.path),
    resolve: () => null,
  };
  return new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
}
