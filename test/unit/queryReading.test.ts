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

describe('reading questions: the relations of an organisation', () => {
  const at = (q: string, name: string, path: string) => {
    const r = entityAt(q, name);
    return { u: r.u, entity: { ...r.entity, path } };
  };

  it('"who leads the team that owns X": owner to the team, then leads to a person', () => {
    const { u, entity } = at('who leads the team that owns Kestrel', 'Kestrel', 'Projects/Kestrel.md');
    const hops = planHops(u, entity);
    assert.deepEqual(hops.map((h) => [h.types, h.cls]), [
      [['owner'], 'teams'],
      [['leads'], 'people'],
    ]);
  });

  it('"projects owned by the team X leads": the class word "team" is the page between two relation cues, not a third relation', () => {
    const { u, entity } = at('projects owned by the team Ada Lovelace leads', 'Ada Lovelace', 'People/Ada Lovelace.md');
    assert.deepEqual(
      u.cues.map((c) => c.type),
      ['owner', 'leads'],
    );
    assert.deepEqual(planHops(u, entity).map((h) => [h.types, h.cls]), [
      [['leads'], 'teams'],
      [['owner'], 'projects'],
    ]);
  });

  it('"manager of the team maintaining X": a person is asked for though "team" comes first', () => {
    const { u, entity } = at('manager of the team maintaining Heron', 'Heron', 'Projects/Heron.md');
    assert.deepEqual(planHops(u, entity).map((h) => [h.types, h.cls]), [
      [['owner'], 'teams'],
      [['leads'], 'people'],
    ]);
  });

  it('"which team is the person who reported X on": reported_by to a person, then to their team', () => {
    const { u, entity } = at('which team is the person who reported Heron on', 'Heron', 'Incidents/Heron.md');
    assert.deepEqual(planHops(u, entity).map((h) => [h.types, h.cls]), [
      [['reported_by'], 'people'],
      [['works_at'], 'teams'],
    ]);
  });

  it('a class word inside the name is part of the name ("members of Design Systems" asks for no systems)', () => {
    const { u, entity } = at('members of Design Systems', 'Design Systems', 'Teams/Design Systems.md');
    assert.equal(u.target, 'projects');
    const hops = planHops(u, entity);
    assert.equal(hops.length, 1);
    assert.equal(hops[0]!.cls, null);
  });

  it('a class word beside the name of a page of that kind describes it ("Payments Platform team people")', () => {
    const { u, entity } = at('Payments Platform team people', 'Payments Platform', 'Teams/Payments Platform.md');
    assert.deepEqual(planHops(u, entity).map((h) => h.cls), ['people']);
    // Beside a page of another kind it still names the kind wanted: "Heron team" asks for a team.
    const other = at('Heron team people', 'Heron', 'Projects/Heron.md');
    assert.equal(planHops(other.u, other.entity).at(-1)!.cls, 'teams');
  });
});
