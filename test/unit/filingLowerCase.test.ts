// Table tests for lower-case names in hurried meeting notes: a unique first name, a project's exact
// title, never a common word (except a first name in an attendee line).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseBrainSchema } from '../../src/domain/brainSchema.js';
import { EntityResolver, type EntityLookup } from '../../src/domain/filing/entities.js';
import { parsePage } from '../../src/domain/markdown.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const PAGES: Record<string, string> = {
  'people/grace-hopper.md': '---\ntitle: Grace Hopper\n---\n# Grace Hopper\n',
  'people/linus-berg.md': '---\ntitle: Linus Berg\n---\n# Linus Berg\n',
  'people/will-ford.md': '---\ntitle: Will Ford\n---\n# Will Ford\n',
  'people/alex-kim.md': '---\ntitle: Alex Kim\n---\n# Alex Kim\n',
  'people/alex-chen.md': '---\ntitle: Alex Chen\n---\n# Alex Chen\n',
  'projects/falcon.md': '---\ntitle: Falcon\n---\n# Falcon\n',
  'projects/billing-revamp.md': '---\ntitle: Billing Revamp\n---\n# Billing Revamp\n',
  'projects/atlas.md': '---\ntitle: Atlas\n---\n# Atlas\n',
  'companies/initech.md': '---\ntitle: Initech\n---\n# Initech\n',
  'companies/umbrella.md': '---\ntitle: Umbrella Health\naliases: [Umbrella]\n---\n# Umbrella Health\n',
  'companies/nimbus.md': '---\ntitle: Nimbus Analytics\naliases: [Nimbus]\n---\n# Nimbus Analytics\n',
  'companies/lumiere.md': '---\ntitle: Lumière Santé\naliases: [Lumière]\n---\n# Lumière Santé\n',
  'people/margaret-hamilton.md': '---\ntitle: Margaret Hamilton\naliases: [Maggie]\n---\n# Margaret Hamilton\n',
};

function aliasesOf(p: string): string[] {
  return /^aliases:\s*\[([^\]]*)\]/m.exec(PAGES[p] ?? '')?.[1]?.split(',').map((a) => a.trim()) ?? [];
}

function resolver(): EntityResolver {
  const schema = parseBrainSchema(fs.readFileSync(path.join(TEMPLATES_DIR, 'default', 'schema.json'), 'utf8'));
  const parsed = Object.entries(PAGES).map(([p, md]) => ({ path: p, ...parsePage(p, md) }));
  const under = (roots: string[]) => parsed.filter((p) => roots.some((r) => p.path.startsWith(`${r}/`)));
  const lookup: EntityLookup = {
    read: (p) => PAGES[p] ?? null,
    findByField: () => [],
    findByName: (name, roots) => under(roots).filter((p) => [p.title, ...aliasesOf(p.path)].some((t) => t.toLowerCase() === name.toLowerCase())).map((p) => p.path),
    findByFirstName: (first, roots) => under(roots).filter((p) => p.title.toLowerCase().startsWith(`${first.toLowerCase()} `)).map((p) => p.path),
    resolve: () => null,
  };
  return new EntityResolver(lookup, { schema, partitionKey: null, roots: ['people', 'companies', 'projects'] });
}

describe('filing entities: lower-case names in hurried notes', () => {
  const r = resolver();
  const cases: Array<[string, string, string[]]> = [
    ['unique first names in a w/ line', 'w/ grace, linus (late)\n- creds today', ['people/grace-hopper.md*', 'people/linus-berg.md*']],
    ['an Attendees: line', 'Attendees: grace, will\n', ['people/grace-hopper.md*', 'people/will-ford.md*']],
    ['an uncommon first name in the body', '- linus to confirm the pilot date', ['people/linus-berg.md']],
    ['a first name that is a common word, outside an attendee line', '- we will give grace to the vendor, mark the date', []],
    ['an ambiguous first name', 'w/ alex\n', []],
    ['a project title, one word', 'falcon sync thu\n- load test ok', ['projects/falcon.md']],
    ['a project title, two words', '- billing revamp slips a week', ['projects/billing-revamp.md']],
    ['a project title that is a common word', '- checked the atlas of regions', []],
    ['inside an e-mail address or a link', 'mail linus@x.com or see https://x.com/falcon', []],
    ['capitalised names are the other pass\'s', 'Linus and Falcon', []],
    ['a company\'s whole one-word title in lower case', '- initech side done', ['companies/initech.md']],
    ['a company in lower case with a possessive', 'summarise initech\'s Q3 numbers', ['companies/initech.md']],
    ['a company alias in lower case', 'can you draft the reply to umbrella about the renewal', ['companies/umbrella.md']],
    ['a one-word name after an indefinite article is the noun', 'we need an umbrella agreement and a nimbus of doubt', []],
    ['an accented one-word alias in lower case', 'noted: lumière must close the round by october', ['companies/lumiere.md']],
    ['an accented word after a French article is the noun', 'on voit la lumière au bout du tunnel', []],
    ['a one-word name before "of" is the noun', 'we work under the umbrella of the state programme', []],
    ['a person\'s one-word alias in lower case', '1:1 notes: maggie is tired', ['people/margaret-hamilton.md']],
    ['a person\'s one-word alias in an attendee line', 'w/ maggie, linus', ['people/margaret-hamilton.md*', 'people/linus-berg.md*']],
    ['a project named by a common word, as a note\'s topic label', 'atlas: clinic 4 moves on 7 July', ['projects/atlas.md']],
    ['a common word that is a project, not as a label', 'the atlas shows the regions: north and south', []],
    ['a person\'s whole name in lower case, though the first name is a common word', 'grace hopper wants the pilot in may', ['people/grace-hopper.md']],
  ];
  for (const [what, text, want] of cases) {
    it(`${what} → ${want.join(', ') || 'nothing'}`, () => {
      assert.deepEqual(r.lowerCaseMentions(text).map((m) => `${m.path}${m.attendee ? '*' : ''}`), want);
    });
  }
  it('an excluded page (an attendee already matched) is left out', () => {
    assert.deepEqual(r.lowerCaseMentions('w/ grace, linus', { exclude: ['people/linus-berg.md'] }).map((m) => m.path), ['people/grace-hopper.md']);
  });
});
