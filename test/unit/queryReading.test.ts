// How a question is read for the graph and the words tables: a class word describing the named
// page itself, and a version written with a leading v.
import assert from 'node:assert/strict';
import { planHops, understandQuery } from '../../src/domain/queryUnderstanding.js';
import { allTermsExpression, parseQuery, withVersionAlternatives } from '../../src/domain/searchQuery.js';

const entityAt = (q: string, name: string) => {
  const u = understandQuery(q);
  const words = name.toLowerCase().split(' ');
  const start = u.tokens.findIndex((_, i) => words.every((w, k) => u.tokens[i + k] === w));
  return { u, entity: { path: 'x.md', start, end: start + words.length } };
};

describe('reading questions', () => {
  it('"the X meeting": the class word describes the named page, so the relation is one hop', () => {
    const { u, entity } = entityAt('who attended the Heron planning meeting', 'Heron planning');
    const hops = planHops(u, entity);
    assert.equal(hops.length, 1);
    assert.deepEqual(hops[0]!.types, ['attended']);
    assert.equal(hops[0]!.cls, 'people');
  });

  it('"X\'s company": after a possessive the class word is the page in between (two hops)', () => {
    const { u, entity } = entityAt("Who invested in Ingrid Lindqvist's company?", 'Ingrid Lindqvist');
    const hops = planHops(u, entity);
    assert.equal(hops.length, 2);
    assert.equal(hops[0]!.cls, 'companies');
  });

  it('a version with a leading v is also looked for as the bare number', () => {
    const q = withVersionAlternatives(parseQuery('what changed in Lark v5.7.6'));
    assert.equal(allTermsExpression(q), '"what" AND "changed" AND "in" AND "Lark" AND ("v5.7.6" OR "5.7.6")');
    const plain = parseQuery('Lark 5.7.6');
    assert.equal(withVersionAlternatives(plain), plain);
  });
});
