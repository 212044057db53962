// Filing resolves names as links do (the resolver's keys, pageRefs.nameKey): accented names written
// without accents or in capitals, Cyrillic names, Japanese names found in text without capitals; an
// exact spelling wins over a folded one; near names and longer names stay apart. Items go through
// the HTTP inbox and the filing pass, against the real name index (FilingNames), which also follows
// renames and new aliases; the first name of a non-Latin title's transliterated alias ("Olga"); a
// surname after an honorific ("Ms. Okafor").
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/zoe.md': '---\ntitle: Zoë Ångström\ncompany: "[[companies/globex]]"\n---\n# Zoë Ångström\n',
  'people/dmitri.md': '---\ntitle: Дмитрий Соколов\n---\n# Дмитрий Соколов\n',
  'people/rene-accent.md': '---\ntitle: René Dupont\n---\n# René Dupont\n',
  'people/rene-plain.md': '---\ntitle: Rene Dupont\n---\n# Rene Dupont\n',
  'people/olga.md': '---\ntitle: Ольга Петрова\naliases: [Olga Petrova]\n---\n# Ольга Петрова\n',
  'people/grace.md': '---\ntitle: Grace Hopper\naliases: [Amazing Grace]\n---\n# Grace Hopper\n',
  'people/nadia.md': '---\ntitle: Nadia Okafor\nrole: CFO\n---\n# Nadia Okafor\n',
  'people/hopper.md': '---\ntitle: Grace Brewster\nrole: CTO\ncompany: "[[companies/globex]]"\n---\n# Grace Brewster\n',
  'companies/globex.md': '---\ntitle: Globex\n---\n# Globex\n',
  'companies/muller.md': '---\ntitle: Müller Logistik GmbH\naliases: [Müller Logistik]\n---\n# Müller Logistik GmbH\n',
  'companies/mirai.md': '---\ntitle: 株式会社ミライ\naliases: [ミライ]\n---\n# 株式会社ミライ\n',
  'companies/mirai-giken.md': '---\ntitle: ミライ技研\n---\n# ミライ技研\n',
};

describe('filing resolves names by the link resolver\'s keys (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);

  /** Upload a document without a skill, run the pass, return the entity pages it touched. */
  async function touched(content: string): Promise<string[]> {
    const item = await suite.file({ filename: 'memo.md', content });
    assert.equal(item.status, 2, item.reason ?? undefined);
    return item.filedPages.filter((p: string) => !p.startsWith('sources/') && !p.startsWith('notes/')).sort();
  }


  const rows: Array<[string, string, string[]]> = [
    ['an accented name written without accents', 'Zoe Angstrom will send the revised reseller margins to the partners next week.', ['people/zoe.md']],
    ['an accented name in capitals', 'ZOË ÅNGSTRÖM will send the revised reseller margins to the partners next week.', ['people/zoe.md']],
    ['a company in capitals without its umlaut', 'MULLER LOGISTIK GMBH takes over the storage in Bremen from the first of March.', ['companies/muller.md']],
    ['a Cyrillic name', 'Дмитрий Соколов confirmed that the budget for the next quarter is cut by a fifth.', ['people/dmitri.md']],
    ['a Japanese name, found without capitals', '株式会社ミライは十月から日本で販売を開始します。 The reseller margins are agreed.', ['companies/mirai.md']],
    ['a longer Japanese name is not its shorter neighbour', 'ミライ技研が新しい工場を開設しました。 The plant opens in October.', ['companies/mirai-giken.md']],
    ['the exact spelling wins over the folded one', 'René Dupont signed the renewal for two more years at the old price.', ['people/rene-accent.md']],
    ['a transliterated first name of a title in another script', 'Olga confirmed that the budget for the next quarter is cut by a fifth.', ['people/olga.md']],
    ['a Latin title does not lend its aliases\' first words', 'Amazing progress: the budget for the next quarter is cut by a fifth.', []],
    ['a person named by role, through the name index', "Our CFO approved it, and Globex's CTO wants the budget for the next quarter cut by a fifth.", ['companies/globex.md', 'people/hopper.md', 'people/nadia.md']],
    ['a person named by an honorific and surname, through the name index', 'Ms. Okafor approved the budget for the next quarter, cut by a fifth.', ['people/nadia.md']],
    ['an honorific and a surname two people share is no match', 'Dr. Dupont signed the renewal for two more years at the old price.', []],
    ['a near name is no match', 'Zoe Andersen signed the renewal for two more years at the old price.', []],
  ];
  for (const [what, text, want] of rows) it(what, async () => assert.deepEqual(await touched(`# Note on the partners\n\n${text}\n`), want));

  it('a renamed person is found by the new surname, not the old', async () => {
    await suite.s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'people/nadia.md', markdown: '---\ntitle: Nadia Adeyemi\nrole: CFO\n---\n# Nadia Adeyemi\n' });
    assert.deepEqual(await touched('# Budget\n\nMs. Adeyemi approved the budget for the next quarter, cut by a fifth.\n'), ['people/nadia.md']);
    assert.deepEqual(await touched('# Budget\n\nMs. Okafor approved the budget for the next quarter, cut by a fifth.\n'), []);
  });

  it('a new alias in any script is found by the next item', async () => {
    await suite.s.c.pages.put(SYSTEM_ACTOR, 'main', { path: 'people/dmitri.md', markdown: '---\ntitle: Дмитрий Соколов\naliases: [Dmitri Sokolov]\n---\n# Дмитрий Соколов\n' });
    assert.deepEqual(await touched('# Budget\n\nDmitri Sokolov confirmed that the budget for the next quarter is cut by a fifth.\n'), ['people/dmitri.md']);
  });
});
