// The web app's pure pieces: escaping by construction, sanitized markdown with resolved wikilinks,
// the partition CSV reader and the curl lines shown with a new webhook secret.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { html, jsonIsland, raw } from '../../src/web/app/html.js';
import { plainLine, relinkTargets, renderInline, renderMarkdown, wikiTargets } from '../../src/web/app/markdownView.js';
import { newPagePath } from '../../src/web/app/markdownRenderWorker.js';
import { largestComponent } from '../../src/domain/graphParts.js';
import { bestCandidate, foldPrefix, keyReading, pageKeys, refKey, type KeyCandidate } from '../../src/domain/pageRefs.js';
import { parseCsv, partitionRowsFromCsv } from '../../src/web/app/csv.js';
import { curlExamples } from '../../src/web/app/routes/sourcesRoutes.js';
import { renderDiff } from '../../src/web/app/diffView.js';

const links = {
  wikiTarget: (t: string) => (t === 'people/ada' || t === 'Ada Lovelace' ? 'people/ada.md' : null),
  linkTarget: (): string | null => null,
  pageHref: (p: string, h?: string | null) => `/app/b/main/pages?path=${encodeURIComponent(p)}${h ? `#${h}` : ''}`,
};

describe('web app rendering', () => {
  it('escapes every interpolation unless it is already safe markup', () => {
    const evil = `<script>alert("x")</script>'&`;
    const out = html`<p title="${evil}">${evil}${raw('<b>ok</b>')}${[html`<i>${evil}</i>`]}</p>`.value;
    assert.ok(!out.includes('<script>'));
    assert.ok(out.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;'));
    assert.ok(out.includes('<b>ok</b>') && out.includes('<i>&lt;script&gt;'));
  });

  it('keeps a JSON data island from closing its script tag', () => {
    const out = jsonIsland('d', { t: '</script><script>alert(1)</script>' }).value;
    assert.equal(out.match(/<\/script>/g)?.length, 1);
    assert.deepEqual(JSON.parse(out.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')), { t: '</script><script>alert(1)</script>' });
  });

  /**
   * A brain's link index in small, as the app's lookups reach it: wiki targets through the graph's
   * resolve (refKey), markdown links by their link key (linkKey); both by bestCandidate over the
   * page keys sharing the key's folded prefix, as resolveLinkKey does.
   */
  function indexed(paths: string[], from: string) {
    const all: KeyCandidate[] = paths.flatMap((p) => pageKeys(p, p.slice(p.lastIndexOf('/') + 1, -3), {}).map((k) => ({ key: k.key, kind: k.kind, path: p })));
    const goesTo = (key: string | null) => (key ? bestCandidate(all.filter((c) => foldPrefix(c.key) === foldPrefix(keyReading(key).base)), key, from) : null);
    return { ...links, wikiTarget: (t: string) => goesTo(refKey(t, from)), linkTarget: goesTo };
  }

  it('sends a markdown link not explicitly relative where the index does, and a relative one to its path', async () => {
    const out = await renderMarkdown('[a](ada.md) [b](people/ada.md) [c](./ada.md) [d](nobody.md)\n', 'notes/deep/today.md', indexed(['people/ada.md'], 'notes/deep/today.md'));
    assert.equal(out.match(/path=people%2Fada\.md"/g)?.length, 2, out);
    assert.ok(out.includes('path=notes%2Fdeep%2Fada.md"'), 'explicitly relative: the path beside the page');
    assert.ok(out.includes('path=notes%2Fdeep%2Fnobody.md"'), 'nothing in the index: the path as before');
    // a page beside the linking one comes before the href read as written (a root README.md)
    const readme = await renderMarkdown('[r](README.md)\n', 'docs/guide.md', indexed(['README.md', 'docs/README.md'], 'docs/guide.md'));
    assert.ok(readme.includes('path=docs%2FREADME.md"'), readme);
    assert.deepEqual(wikiTargets('[r](README.md) [[x]]', 'docs/guide.md'), ['x'], 'markdown links resolve by their index key, not as wiki targets');
  });

  it('reads a markdown href as a file name, not wiki syntax: `#` and `|` in it are the page’s name, as the index reads them', async () => {
    const from = 'notes/today.md';
    const brain = indexed(['C.md', 'a.md', 'notes/C# notes.md', 'notes/a|b.md', 'people/ada.md', 'notes/ada.md'], from);
    const out = await renderMarkdown('[c#](C%23%20notes.md) [pipe](a%7Cb.md) [head](C%23%20notes.md#Part) [beside](ada.md) [root](/people/ada.md) [up](../a.md) [web](https://x.org/C.md) [anchor](#top)\n', from, brain);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=notes%2FC%23%20notes.md">c#</a>'), out);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=notes%2Fa%7Cb.md">pipe</a>'), out);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=notes%2FC%23%20notes.md#Part">head</a>'), out);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=notes%2Fada.md">beside</a>'), 'the page beside the linking one first');
    assert.ok(out.includes('<a href="/app/b/main/pages?path=people%2Fada.md">root</a>'), out);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=a.md">up</a>'), out);
    assert.ok(out.includes('<a href="https://x.org/C.md">web</a>') && out.includes('<a href="#top">anchor</a>'), out);
    assert.ok(!/path=C\.md|path=a\.md">(c#|pipe)/.test(out), 'never the page named "C" or "a"');
    // From the root no page sits beside: the index finds each href as a path suffix, never as the page "C" (`./C`) or "a".
    const root = await renderMarkdown('[c#](C%23%20notes.md) [pipe](a%7Cb.md)\n', 'home.md', indexed(['C.md', 'a.md', 'notes/C# notes.md', 'notes/a|b.md'], 'home.md'));
    assert.ok(root.includes('path=notes%2FC%23%20notes.md">c#</a>') && root.includes('path=notes%2Fa%7Cb.md">pipe</a>'), `a suffix of the path, as the index finds it: ${root}`);
  });

  it('renders markdown sanitized, with wikilinks resolved and frontmatter left out', async () => {
    const md = '---\ntitle: T\nsecret: in-frontmatter\n---\n# Hi\n\n[[people/ada|Ada]], [[Ada Lovelace]], [[Nobody]], [rel](../people/ada.md)\n\n<script>alert(1)</script><img src=x onerror=alert(1)> [js](javascript:alert(1))\n\n`[[people/ada]]`\n';
    const out = await renderMarkdown(md, 'notes/today.md', links);
    assert.ok(!out.includes('in-frontmatter'));
    assert.ok(!/<script|onerror|javascript:/i.test(out), out);
    assert.ok(out.includes('<a href="/app/b/main/pages?path=people%2Fada.md" class="wikilink">Ada</a>'));
    assert.ok(out.includes('class="wikilink">Ada Lovelace</a>'));
    assert.ok(out.includes('class="wikilink-missing">Nobody</a>'));
    assert.ok(out.includes('<a href="/app/b/main/pages?path=people%2Fada.md">rel</a>'));
    assert.ok(out.includes('<code>[[people/ada]]</code>'), 'links in code stay text');
  });

  const titled = {
    ...links,
    pageTitle: (p: string) => (p === 'people/ada.md' ? 'Ada Lovelace' : null),
    missingHref: (t: string) => `/app/b/main/pages/edit?path=${encodeURIComponent(newPagePath(t))}`,
    fileHref: (p: string) => (p === 'files/engine.png' ? `/app/b/main/files?path=${encodeURIComponent(p)}` : null),
  };

  it('shows a wiki link as its page title, keeps a written label, and offers to create a missing page', async () => {
    const out = await renderMarkdown('[[people/ada]], [[people/ada#Notes]], [[people/ada|the Countess]], [[Percy Ludgate]]\n', 'notes/today.md', titled);
    assert.ok(out.includes('class="wikilink">Ada Lovelace</a>'), out);
    assert.ok(out.includes('#Notes" class="wikilink">Ada Lovelace › Notes</a>'), out);
    assert.ok(out.includes('class="wikilink">the Countess</a>'), out);
    assert.ok(out.includes('<a href="/app/b/main/pages/edit?path=percy-ludgate.md" title="No page “Percy Ludgate” yet: create this page" class="wikilink-missing">Percy Ludgate</a>'), out);
  });

  it('shows an image whose file is in the brain, a placeholder for a missing one, a link for a remote one', async () => {
    const md = '![Engine](../files/engine.png) ![[engine.png]] ![Gone](gone.png) ![[nothing.jpg]] ![Far](https://example.com/x.png)\n';
    const out = await renderMarkdown(md, 'files/note.md', titled);
    assert.ok(out.includes('<img src="/app/b/main/files?path=files%2Fengine.png" alt="Engine" title="Engine">'), out);
    assert.ok(out.includes('<img src="/app/b/main/files?path=files%2Fengine.png" alt="">'), 'an embed finds the file beside the page');
    assert.ok(out.includes('<span class="missing-file">Missing image: files/gone.png (Gone)</span>'), out);
    assert.ok(out.includes('<span class="missing-file">Missing image: nothing.jpg</span>'), out);
    assert.ok(out.includes('<a href="https://example.com/x.png">Image from another site, not loaded: Far</a>'), out);
    assert.equal(out.match(/<img/g)?.length, 2);
  });

  it('renders a line of page text flat: titles, no table or list syntax, matches and the shown page marked', async () => {
    assert.equal(plainLine('| part | role | |---|:--:| | [[people/ada\\|Ada]] | **engine** |'), 'part · role · [[people/ada\\|Ada]] · **engine**');
    assert.equal(plainLine('- [ ] Call [[people/ada]] # Later * item'), 'Call [[people/ada]] Later item');
    assert.equal(plainLine('1. first'), 'first');
    assert.equal(plainLine('notes on **engine** - Works at [[x]] - Reports to [[y]]'), 'notes on **engine** · Works at [[x]] · Reports to [[y]]');
    assert.equal(plainLine('#hashtag and > quote'), '\\#hashtag and quote');
    assert.equal(
      await renderInline('| [[people/charles-**ada**]] | the **engine** |', 'notes/x.md', { ...titled, wikiTarget: (t: string) => (t === 'people/charles-ada' ? 'people/ada.md' : null) }),
      '<mark><span class="ref">Ada Lovelace</span></mark> · the <mark>engine</mark>',
    );
    assert.equal(await renderInline('- Works with [[people/ada]] and [[Nobody]]', 'notes/x.md', titled, { highlight: 'people/ada.md' }), 'Works with <mark class="ref">Ada Lovelace</mark> and <span class="ref-missing">Nobody</span>');
    const hostile = await renderInline('# <script>alert(1)</script> `[[people/ada]]` <img src=x onerror=alert(1)>', 'notes/x.md', titled);
    assert.equal(hostile, '&#x3C;script>alert(1) <code>[[people/ada]]</code>', 'markup stays text or goes; code stays code');
  });

  it('puts a page’s link targets back in wiki syntax in a snippet from the index', () => {
    assert.equal(
      relinkTargets('with people/ada-lovelace. · projects/analytical-**engine** · xpeople/ada-lovelace', ['people/ada-lovelace', 'projects/analytical-engine']),
      'with [[people/ada-lovelace]]. · **[[projects/analytical-engine]]** · xpeople/ada-lovelace',
    );
  });

  it('names a new page from a wiki target, and finds the largest connected part of a graph', () => {
    assert.equal(newPagePath('Percy Ludgate'), 'percy-ludgate.md');
    assert.equal(newPagePath('People/Ada Lovelace.md'), 'people/ada-lovelace.md');
    assert.equal(newPagePath('!!'), '');
    // a relative target names the one path its link can reach, from the linking page
    assert.equal(newPagePath('../Reading/New Idea', 'English/Travel/a.md'), 'English/Reading/New Idea.md');
    assert.equal(newPagePath('./New', 'work/notes/a.md'), 'work/notes/New.md');
    assert.equal(newPagePath('../../New', 'a.md'), '', 'above the root: nothing to create');
    const edges = [
      { from: 'a', to: 'b' },
      { from: 'c', to: 'd' },
      { from: 'd', to: 'e' },
    ];
    assert.deepEqual([...largestComponent(['a', 'b', 'c', 'd', 'e', 'f'], edges)], ['c', 'd', 'e']);
  });

  it('reads a partition CSV with quoting and list cells', () => {
    assert.deepEqual(parseCsv('a,"b ""q"", c"\r\n\nd,e'), [['a', 'b "q", c'], ['d', 'e']]);
    assert.deepEqual(partitionRowsFromCsv('name,key,domains,aliases\nAcme,acme,acme.com;acme.co.uk,ACME\n"Beta, Inc",,,\n'), [
      { name: 'Acme', key: 'acme', domains: ['acme.com', 'acme.co.uk'], aliases: ['ACME'] },
      { name: 'Beta, Inc', domains: [], aliases: [] },
    ]);
    assert.throws(() => partitionRowsFromCsv('key\nx\n'), /name/);
  });

  it('shows a diff with added and removed lines marked', () => {
    const out = renderDiff('a\nb\nc\n', 'a\nB\nc\n', 'v1', 'v2').value;
    assert.ok(out.includes('<span class="del">-b</span>') && out.includes('<span class="ins">+B</span>'));
    assert.ok(renderDiff('same\n', 'same\n', 'v1', 'v2').value.includes('No difference'));
  });

  it('prints a signature-mode curl line whose HMAC matches the body', async () => {
    const secret = 'S3cretWith$pecial';
    const { text } = curlExamples('http://127.0.0.1:1/api/ingest/x', 'signature', secret);
    // Run only the signing half of the line (no request leaves the machine).
    const signing = text.slice(0, text.indexOf('curl ')) + 'printf %s "$SIG"';
    const { stdout } = await promisify(execFile)('sh', ['-c', signing]);
    assert.equal(stdout, createHmac('sha256', secret).update('Hello from my tool').digest('hex'));
    assert.ok(curlExamples('http://h/api/ingest/x', 'secret', "it's").text.includes(`'X-Ingest-Secret: it'\\''s'`));
  });
});
