// Review finding 5: a company page's profile address on a platform (`url:
// https://www.linkedin.com/company/acme`) is not filed under the platform's host, so mail from the
// platform (invitations@linkedin.com) links no company; and personal mail domains of many countries
// name no organisation.
import assert from 'node:assert/strict';
import { FilingNames } from '../../src/services/filingNames.js';
import { FREE_MAIL_DOMAINS, isPlatformHost } from '../../src/domain/filing/text.js';
import type { PageIndexRepo } from '../../src/storage/sqlite/pageIndexRepo.js';

const PAGES = [
  { path: 'companies/acme.md', title: 'Acme', frontmatter: { url: 'https://www.linkedin.com/company/acme', website: 'https://acme.io' } },
  { path: 'companies/globex.md', title: 'Globex', frontmatter: { homepage: 'https://globex.notion.site/about', url: 'https://github.com/globex' } },
  { path: 'companies/initech.md', title: 'Initech', frontmatter: { url: 'https://initech.com/en' } },
];

function names(): FilingNames {
  const repo = {
    latestSeq: () => 1,
    changesSince: () => [],
    listPages: (_b: string, o: { afterPath: string | null }) => (o.afterPath ? [] : PAGES),
    getPage: (_b: string, p: string) => PAGES.find((x) => x.path === p) ?? null,
  } as unknown as PageIndexRepo;
  return new FilingNames(repo);
}

describe('filing names: web addresses on platforms are not a company\'s domain (review 5)', () => {
  const n = names();
  it('a LinkedIn, GitHub or Notion profile address files nothing under the platform host', () => {
    for (const host of ['linkedin.com', 'github.com', 'globex.notion.site', 'notion.site']) assert.deepEqual(n.withField('b', 'website', host), [], host);
  });
  it('the company\'s own website and a url on its own host still file', () => {
    assert.deepEqual(n.withField('b', 'website', 'acme.io'), ['companies/acme.md']);
    assert.deepEqual(n.withField('b', 'website', 'initech.com'), ['companies/initech.md']);
  });
  it('platform hosts and their subdomains are recognised; company hosts are not', () => {
    for (const h of ['linkedin.com', 'www.linkedin.com', 'x.com', 'acme.medium.com', 'sites.google.com', 'youtube.com', 'crunchbase.com']) assert.ok(isPlatformHost(h), h);
    for (const h of ['acme.com', 'xx.com', 'mylinkedin.com.au', 'notgithub.com']) assert.ok(!isPlatformHost(h), h);
  });
  it('free-mail covers the common national providers', () => {
    for (const d of ['yahoo.co.uk', 'hotmail.co.uk', 'outlook.de', 'msn.com', 'pm.me', 't-online.de', 'orange.fr', 'yandex.ru', 'mail.ru', 'qq.com', '163.com', 'zoho.com', 'web.de', 'gmx.net', 'gmx.de', 'free.fr', 'libero.it', 'naver.com'])
      assert.ok(FREE_MAIL_DOMAINS.has(d), d);
  });
});
