// A search hit's chunk text is cut again from its page for the snippet. When the page's index row
// says its frontmatter parsed to something (or the page has none), the cut takes the row's title
// and the body after the fences without reading the YAML again: it must give the very texts the
// full parse gives (and the index was built from).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { atxHeading, type Chunk, type ChunkOptions, chunkPage, countWords, DEFAULT_CHUNKING, plainInline } from '../../src/domain/chunking.js';
import { bodyAfterParsedFrontmatter, parsePage } from '../../src/domain/markdown.js';
import { chunkTexts, chunkTextsOfBody } from '../../src/domain/pageDerivation.js';

/** What the index row holds of a page: its title, and whether its frontmatter column is more than `{}`. */
function row(path: string, markdown: string): { title: string; parsed: boolean } {
  const p = parsePage(path, markdown);
  return { title: p.title, parsed: JSON.stringify(p.frontmatter) !== '{}' };
}

/** The cut as the search index makes it (searchIndexRepo.cutBodies). */
function cut(path: string, markdown: string): string[] {
  const r = row(path, markdown);
  const known = r.parsed || !markdown.startsWith('---');
  return known ? chunkTextsOfBody(r.title, bodyAfterParsedFrontmatter(markdown)) : chunkTexts(path, markdown);
}

const CASES = [
  '---\ntitle: Ada\n---\n# Body\n\nText.\n',
  '---\r\ntitle: Ada\r\ntags: [a, b]\r\n---\r\n# Ada\r\n\r\nBody\r\n',
  '---\n---\n# Empty block\n\nText\n',
  '---\n# only a comment\n---\nBody',
  '---\ntitle: x\n',
  '---',
  '----\nrule, not a fence\n',
  '---yaml\ntitle: Y\n---\nbody',
  '---json\n{"title": "J"}\n---\n# J\n\nbody',
  '---toml\ntitle = "T"\n---\nbody',
  '---\ntitle: [unclosed\n---\n# Broken YAML\n\nThe block stays part of the body.\n',
  '---\nhello\n---\n# A scalar\n\nbody',
  '---\ntags: [x]\nstatus: done\n---\n# Not the title\n\n## Section\n\nwords [[a link]] and [text](url).\n',
  '---\ntitle: Named\n---\n# Named\n\n# Named\n\nThe second H1 is a section.\n',
  '# No frontmatter\n\nOne paragraph.\n',
  '',
];

describe('chunk text cut without parsing the frontmatter again', () => {
  for (const md of CASES) {
    it(`cuts ${JSON.stringify(md.slice(0, 30))} as the full parse does`, () => {
      assert.deepEqual(cut('notes/page.md', md), chunkTexts('notes/page.md', md));
    });
  }

  it('agrees with the full parse on generated pages', () => {
    const line = fc.constantFrom('# Title', '## Part', 'Some words here.', 'title: T', 'tags: [a, b]', 'x: [', '---', '', '#', 'summary: S', '```', 'key: "v"');
    const page = fc.tuple(fc.constantFrom('---', '---\n', '---yaml\n', '----\n', '', '---\r\n'), fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n')).map(([start, lines, eol]) => start + lines.join(eol));
    fc.assert(
      fc.property(page, (md) => {
        assert.deepEqual(cut('people/someone.md', md), chunkTexts('people/someone.md', md));
      }),
      { numRuns: 500 },
    );
  });
});

// A snippet needs one chunk's text: the cut stops after the last chunk asked for (chunkPage's
// `last`). Its texts must be the full cut's first ones, whatever ends the page after them.
describe('chunk text cut up to a chunk', () => {
  const block = fc.constantFrom(
    '# Title',
    '## Part',
    '### Deep',
    'Some words here.',
    'A [[link|label]] and [text](url) inline.',
    'Long sentence of several words that goes on. '.repeat(30),
    'word '.repeat(450),
    '```js\ncode line\n```',
    '~~~\nunclosed fence',
    '',
    '   ',
    '\r',
  );
  const body = fc.tuple(fc.array(block, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\n\n')).map(([blocks, eol]) => blocks.join(eol));

  it('gives the full cut\'s first texts for every last chunk', () => {
    fc.assert(
      fc.property(body, (b) => {
        const full = chunkTextsOfBody('Title', b);
        for (let last = 0; last < full.length + 1; last++) {
          const some = chunkTextsOfBody('Title', b, last);
          assert.deepEqual(some, full.slice(0, last + 1), `last ${last}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a page of many chunks no further than asked', () => {
    const b = Array.from({ length: 12 }, (_, i) => `## Section ${i}\n\n${`word${i} `.repeat(300)}`).join('\n\n');
    const full = chunkTexts('notes/long.md', `# Long\n\n${b}`);
    assert.ok(full.length >= 12);
    assert.deepEqual(chunkTexts('notes/long.md', `# Long\n\n${b}`, 2), full.slice(0, 3));
    assert.deepEqual(chunkTexts('notes/long.md', `# Long\n\n${b}`, 0), full.slice(0, 1));
  });
});

// The chunker as it was before it read blocks one at a time (main at d93c8d5: the body split with
// `split(/\r?\n/)`, then every block): the texts, heading paths and word counts every index row,
// FTS 'delete' value and embedding input was made from. The block reader must give the same.
namespace reference {
  interface Block {
    kind: 'heading' | 'para';
    level: number;
    text: string;
  }
  interface Draft {
    path: string[];
    headings: string[];
    parts: string[];
    words: number;
  }
  const FENCE = /^ {0,3}(`{3,}|~{3,})/;

  function pushPara(out: Block[], para: string[]): void {
    const text = para.join('\n').trim();
    if (text) out.push({ kind: 'para', level: 0, text });
  }

  function blocks(body: string): Block[] {
    const out: Block[] = [];
    const lines = body.split(/\r?\n/);
    let para: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const fence = FENCE.exec(line);
      if (fence) {
        pushPara(out, para);
        para = [];
        const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}[ \\t]*$`);
        const code = [line];
        for (i++; i < lines.length; i++) {
          code.push(lines[i]!);
          if (close.test(lines[i]!)) break;
        }
        out.push({ kind: 'para', level: 0, text: code.join('\n') });
        continue;
      }
      const h = atxHeading(line);
      if (h) {
        pushPara(out, para);
        para = [];
        out.push({ kind: 'heading', level: h.level, text: plainInline(h.text).trim() });
        continue;
      }
      if (line.trim() === '') {
        pushPara(out, para);
        para = [];
      } else para.push(line);
    }
    pushPara(out, para);
    return out;
  }

  function splitLong(text: string, target: number): string[] {
    const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [text];
    const pieces: string[] = [];
    let cur: string[] = [];
    let words = 0;
    const push = () => {
      if (cur.length) pieces.push(cur.join('').trim());
      cur = [];
      words = 0;
    };
    for (const s of sentences) {
      const w = countWords(s);
      if (w > target) {
        push();
        const tokens = s.match(/\S+/g) ?? [];
        for (let i = 0; i < tokens.length; i += target) pieces.push(tokens.slice(i, i + target).join(' '));
        continue;
      }
      if (words + w > target && words > 0) push();
      cur.push(s);
      words += w;
    }
    push();
    return pieces.filter(Boolean);
  }

  const headingLabel = (stack: Array<{ text: string }>) => stack.map((h) => h.text).join(' > ');
  const freshDraft = (stack: Array<{ text: string }>): Draft => ({ path: stack.map((h) => h.text), headings: stack.length ? [headingLabel(stack)] : [], parts: [], words: 0 });
  function pushChunk(chunks: Chunk[], draft: Draft): void {
    if (draft.parts.length) {
      chunks.push({ ordinal: chunks.length, headingPath: draft.path, headings: draft.headings.join(' / '), text: draft.parts.join('\n\n'), words: draft.words });
    }
  }

  export function chunks(title: string, body: string, opts: ChunkOptions): Chunk[] {
    const out: Chunk[] = [];
    const stack: Array<{ level: number; text: string }> = [];
    let draft = freshDraft(stack);
    let titleHeadingSeen = false;
    const lowerTitle = title.trim().toLowerCase();
    for (const b of blocks(body)) {
      if (b.kind === 'heading') {
        if (!titleHeadingSeen && b.level === 1 && b.text.toLowerCase() === lowerTitle) {
          titleHeadingSeen = true;
          continue;
        }
        while (stack.length && stack[stack.length - 1]!.level >= b.level) stack.pop();
        stack.push({ level: b.level, text: b.text });
        if (draft.words >= opts.minWords || !draft.parts.length) {
          pushChunk(out, draft);
          draft = freshDraft(stack);
        } else {
          draft.headings.push(headingLabel(stack));
          draft.parts.push(b.text);
          draft.words += countWords(b.text);
        }
        continue;
      }
      const text = FENCE.test(b.text) ? b.text : plainInline(b.text);
      const w = countWords(text);
      if (w <= opts.maxWords) {
        if (draft.words > 0 && draft.words + w > opts.maxWords) {
          pushChunk(out, draft);
          draft = freshDraft(stack);
        }
        draft.parts.push(text);
        draft.words += w;
        continue;
      }
      for (const piece of splitLong(text, opts.targetWords)) {
        const pw = countWords(piece);
        if (draft.words > 0 && draft.words + pw > opts.maxWords) {
          pushChunk(out, draft);
          draft = freshDraft(stack);
        }
        draft.parts.push(piece);
        draft.words += pw;
      }
    }
    pushChunk(out, draft);
    if (!out.length) out.push({ ordinal: 0, headingPath: [], headings: '', text: '', words: 0 });
    return out;
  }
}

describe('chunker against the chunker before the block reader (main at d93c8d5)', () => {
  // Lines joined by any line end (a lone '\r' and '\r\r\n' included: split(/\r?\n/) keeps a '\r'
  // that no '\n' follows), so fences open right after a paragraph line, headings follow
  // paragraphs without a blank line, and fences are left unclosed at the end of the body.
  const line = fc.oneof(
    fc.constantFrom(
      '# Title', '# Other', '## Part', '### Deep [[link|label]]', '####### seven', '#no space', '   ## indented', '## trailing ##  ', '#',
      'Some words here.', 'A [[link|label]] and [text](url) inline.', '![alt](img.png) and <!-- hidden --> text',
      '```', '```js', '````', '~~~', '~~~ ', '   ```', '    ```',
      '| a | b |', '|---|---|', '東京の会議は午後三時に始まる。', 'مرحبا بالعالم', 'שלום עולם', 'e\u0301t\u00e9 \ud835\udc00 \ud83d\ude00',
      '\u00a0', '\u3000', '\u2028', '\ufeff', '', ' ', '\t', '\r',
      'Long sentence of several words that goes on. '.repeat(8), 'word '.repeat(30),
    ),
    fc.string({ maxLength: 20 }),
  );
  const eol = fc.constantFrom('\n', '\r\n', '\r\r\n', '\n\r\n', '\r', '\n\n');
  const body = fc.array(fc.tuple(line, eol), { maxLength: 40 }).map((parts) => parts.map(([l, e]) => l + e).join(''));
  // Small chunks, so short generated bodies cut into many (and long lines go through splitLong).
  const SMALL: ChunkOptions = { minWords: 5, targetWords: 8, maxWords: 12 };

  for (const [name, opts] of [['small chunks', SMALL], ['the default chunks', DEFAULT_CHUNKING]] as const) {
    it(`gives the same chunks, and the same first ones for every last chunk, with ${name}`, () => {
      fc.assert(
        fc.property(body, fc.constantFrom('Title', 'title', ''), (b, title) => {
          const want = reference.chunks(title, b, opts);
          assert.deepEqual(chunkPage(title, b, opts), want);
          for (let last = 0; last <= want.length; last++) assert.deepEqual(chunkPage(title, b, opts, last), want.slice(0, last + 1), `last ${last}`);
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('gives the same chunks for the edge cases named', () => {
    const bodies = [
      '',
      'para\r\r\nnext\r\rthird\r',
      'para line\n```\ncode\n',
      'para line\r\n~~~~\r\nstill code\r\n~~~\r\nstill\r\n~~~~~\r\nafter',
      'para line\n## Heading right after\nmore',
      '\r\n\r\n# Title\r\n\r\ntext\r',
      `${'## S\n\nw '.repeat(400)}`,
    ];
    for (const b of bodies) {
      for (const opts of [SMALL, DEFAULT_CHUNKING]) assert.deepEqual(chunkPage('Title', b, opts), reference.chunks('Title', b, opts), JSON.stringify(b.slice(0, 40)));
    }
  });
});
