// The seeded brain the filing eval set is written against (default schema): people with companies,
// e-mails and aliases, companies with domains, projects. Kept apart from the engine: nothing in
// src/ knows these pages or the items that name them.
export const SEED_PAGES: Array<{ path: string; markdown: string }> = [
  person('ada-lovelace', 'Ada Lovelace', { email: 'ada@acme.com', company: '"[[companies/acme]]"', role: 'VP Engineering', aliases: '[Ada L]' }),
  person('grace-hopper', 'Grace Hopper', { email: 'grace@globex.io', company: '"[[companies/globex]]"', role: 'CTO', aliases: '[Amazing Grace]' }),
  person('linus-berg', 'Linus Berg', { emails: '[linus@initech.com, linus.berg@gmail.com]', company: 'Initech', role: 'Head of Platform' }),
  person('margaret-hamilton', 'Margaret Hamilton', { email: 'mh@umbrella.org', aliases: '[Maggie Hamilton, Maggie]' }, 'Programme lead. Works at [[companies/umbrella]].'),
  person('alan-turner', 'Alan Turner', { email: 'alan.turner@gmail.com', company: '"[[companies/hooli]]"' }),
  person('barbara-liskov', 'Barbara Liskov', { email: 'barbara@stark.dev', company: '"[[companies/stark]]"', role: 'Director of Research' }),
  person('radia-perlman', 'Radia Perlman', { email: 'radia@wonka.co', company: '"[[companies/wonka]]"', role: 'Partner' }),
  person('ken-thompson', 'Ken Thompson', { email: 'ken@ourfund.vc', role: 'Investor' }),
  person('alex-kim', 'Alex Kim', { email: 'alex.kim@acme.com', company: '"[[companies/acme]]"', aliases: '[Alex]' }),
  person('alex-chen', 'Alex Chen', { email: 'alex@globex.io', company: '"[[companies/globex]]"', aliases: '[Alex]' }),
  person('hedy-lamarr', 'Hedy Lamarr', { company: '"[[companies/northwind]]"', role: 'COO' }),
  company('acme', 'Acme', { domain: 'acme.com', aliases: '[Acme Corp, ACME Inc.]' }),
  company('globex', 'Globex', { domain: 'globex.io', aliases: '[Globex Corporation]' }),
  company('initech', 'Initech', { domain: 'initech.com' }),
  company('umbrella', 'Umbrella Health', { domain: 'umbrella.org', aliases: '[Umbrella]' }),
  company('hooli', 'Hooli', { domain: 'hooli.xyz' }),
  company('stark', 'Stark Industries', { domains: '[stark.dev, starkindustries.com]', aliases: '[Stark]' }),
  company('wonka', 'Wonka Labs', { domain: 'wonka.co' }),
  company('northwind', 'Northwind Traders', { aliases: '[Northwind]' }),
  company('vandelay', 'Vandelay Industries', { domain: 'vandelay.com' }),
  project('falcon', 'Project Falcon', { aliases: '[Falcon]', status: 'active' }),
  project('atlas-migration', 'Atlas Migration', { aliases: '[Atlas]', status: 'active' }),
  project('billing-revamp', 'Billing Revamp', { status: 'planned' }),
];

function fm(title: string, fields: Record<string, string>): string {
  return ['---', `title: ${title}`, ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`), '---'].join('\n');
}

function person(slug: string, title: string, fields: Record<string, string>, body = ''): { path: string; markdown: string } {
  return { path: `people/${slug}.md`, markdown: `${fm(title, { ...fields, type: 'person' })}\n# ${title}\n\n${body}\n` };
}

function company(slug: string, title: string, fields: Record<string, string>): { path: string; markdown: string } {
  return { path: `companies/${slug}.md`, markdown: `${fm(title, { ...fields, type: 'company' })}\n# ${title}\n\nAn organisation we work with.\n` };
}

function project(slug: string, title: string, fields: Record<string, string>): { path: string; markdown: string } {
  return { path: `projects/${slug}.md`, markdown: `${fm(title, { ...fields, type: 'project' })}\n# ${title}\n\nA project.\n` };
}
