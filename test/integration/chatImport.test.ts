// Chat imports (issue 24.5): ChatGPT and Claude exports in their real formats, raw JSON, the export
// zip and multipart; one inbox item per conversation with a readable transcript; a later export
// makes revisions only of the conversations that changed; bad input changes nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { deflateZip } from '../helpers/zipBomb.js';
import { runCli } from '../helpers/cli.js';
import { BEES_ID, BREAD_ID, HAIKU_UUID, KILN_UUID, TEA_ID, chatgptExport, chatgptLaterExport, claudeExport } from '../fixtures/chatExports.js';
import { parseChatExport } from '../../src/domain/chatExports.js';
import { ContentStore } from '../../src/storage/contentStore.js';

/** A Claude export of `n` short conversations; `salt` changes the seventh's text. */
function claudeConversations(n: number, salt = 0): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => ({
    uuid: `0000000${i}-aaaa-4bbb-8ccc-${String(salt).padStart(12, '0')}`.slice(0, 36),
    name: `Conversation ${i + 1}${i === 6 ? ` take ${salt}` : ''}`,
    created_at: '2024-11-02T09:15:00.000000Z',
    chat_messages: [{ uuid: `m-${i}`, sender: 'human', text: `Question number ${i + 1}, round ${salt}`, created_at: '2024-11-02T09:15:00.000000Z' }],
  }));
}

/**
 * An export whose seventh conversation cannot be stored: a plain file sits where the content
 * store's folder for that conversation's bytes goes (a real storage failure, for that one only).
 * Returns the export and a function that removes the obstacle.
 */
function exportWithSeventhBlocked(dataDir: string): { data: Array<Record<string, unknown>>; unblock: () => void } {
  for (let salt = 1; ; salt++) {
    const data = claudeConversations(10, salt);
    const shas = parseChatExport('claude', data).map((c) => ContentStore.hash(Buffer.from(c.markdown, 'utf8')));
    const prefix = shas[6]!.slice(0, 2);
    const folder = path.join(dataDir, 'inbox', prefix);
    if (shas.filter((h) => h.startsWith(prefix)).length > 1 || fs.existsSync(folder)) continue;
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    fs.writeFileSync(folder, 'not a folder');
    return { data, unblock: () => void (fs.statSync(folder, { throwIfNoEntry: false })?.isFile() && fs.rmSync(folder)) };
  }
}

const json = (data: unknown) => Buffer.from(JSON.stringify(data));

function exportZip(conversations: unknown, dir = ''): Buffer {
  return deflateZip([
    { name: `${dir}user.json`, data: [json({ id: 'user-1', email: 'ann@example.com' })] },
    { name: `${dir}conversations.json`, data: [json(conversations)] },
    { name: `${dir}chat.html`, data: [Buffer.from('<html><body>export</body></html>')] },
    { name: `${dir}file-abc.png`, data: [Buffer.alloc(2048, 7)] },
  ]);
}

describe('chat imports', () => {
  let s: TestServer;
  let writer: string;
  const base = '/api/v1/brains/main/inbox';
  const importRaw = (format: string, body: Buffer, contentType = 'application/json', token: string | null = writer) =>
    s.request('POST', `${base}/import?format=${format}`, { token, rawBody: body, headers: { 'content-type': contentType } });
  const items = async () => (await s.request('GET', `${base}?limit=200`, { token: writer })).body.items as any[];
  const item = async (id: string) => (await s.request('GET', `${base}/${id}`, { token: writer })).body;

  before(async () => {
    s = await startTestServer({ BRAINKEEP_IMPORT_MAX_MB: '1' });
    writer = s.credential('Write');
  });
  after(async () => s.stop());

  describe('the transcript (domain)', () => {
    it('a branched ChatGPT conversation follows current_node: the edited question, not the abandoned branch', () => {
      const [bees] = parseChatExport('chatgpt', chatgptExport());
      assert.equal(bees!.externalId, `chatgpt:${BEES_ID}`);
      const md = bees!.markdown;
      assert.match(md, /^# Urban beekeeping\n/);
      assert.match(md, /Which permits does the council require/);
      assert.match(md, /national apiary register/);
      assert.doesNotMatch(md, /neighbours mind/);
      assert.doesNotMatch(md, /bring honey/);
      assert.doesNotMatch(md, /Be brief|Lyon/, 'custom instructions are not part of the conversation');
      assert.doesNotMatch(md, /## System/, 'the hidden system message is left out');
      const order = ['rooftop', 'calm strain', 'permits', 'apiary register'].map((w) => md.indexOf(w));
      assert.deepEqual([...order].sort((a, b) => a - b), order, 'root to leaf order');
      assert.deepEqual([...md.matchAll(/^## (\w+)/gm)].map((m) => m[1]), ['User', 'ChatGPT', 'User', 'ChatGPT']);
    });

    it('without current_node the latest branch is taken; code and tool output are kept as fenced blocks', () => {
      const later = chatgptLaterExport() as Array<Record<string, unknown>>;
      const bees = { ...later[1]!, current_node: undefined };
      const [c] = parseChatExport('chatgpt', [bees]);
      assert.match(c!.markdown, /```python\nlog = \{"hive": 1, "queen_seen": True\}\n```/);
      assert.match(c!.markdown, /## Tool \(python\)/);
      assert.match(c!.markdown, /varroa/);
      assert.doesNotMatch(c!.markdown, /bring honey/);
    });

    it('a Claude conversation: User and Claude turns, text blocks without thinking, attachments', () => {
      const [kiln, haiku] = parseChatExport('claude', claudeExport());
      assert.equal(kiln!.externalId, `claude:${KILN_UUID}`);
      assert.match(kiln!.markdown, /## User \(2024-11-02T09:15:00\.000Z\)\n\nWhat cone/);
      assert.match(kiln!.markdown, /## Claude .*\n\nBisque stoneware at cone 04/);
      assert.match(kiln!.markdown, /Attachment glaze-notes\.txt:\n\n```\nCeladon at cone 10/);
      assert.doesNotMatch(kiln!.markdown, /The user asks about/);
      assert.match(haiku!.markdown, /^# Untitled conversation/);
      assert.match(haiku!.markdown, /White roots in cold soil\nsweetened/);
    });
  });

  describe('REST', () => {
    let firstBees: string;

    it('a ChatGPT conversations.json (raw JSON) makes one item per conversation', async () => {
      const r = await importRaw('chatgpt', json(chatgptExport()));
      assert.equal(r.status, 201, r.text);
      assert.deepEqual({ created: r.body.created, revised: r.body.revised, duplicates: r.body.duplicates }, { created: 2, revised: 0, duplicates: 0 });
      assert.equal(r.body.items.length, 2);
      const [bees, bread] = await Promise.all(r.body.items.map((id: string) => item(id)));
      firstBees = bees.id;
      assert.equal(bees.externalId, `chatgpt:${BEES_ID}`);
      assert.equal(bread.externalId, `chatgpt:${BREAD_ID}`);
      assert.equal(bees.skillHint, 'ingest-conversation');
      assert.equal(bees.filename, 'Urban beekeeping.md');
      assert.equal(bees.status, 0);
      assert.match(bees.text, /Which permits does the council require/);
      assert.doesNotMatch(bees.text, /neighbours mind/);
      assert.match(bread.text, /\[image\]\n\nHere is a photo\./);
    });

    it('the same export again: every conversation is a duplicate, nothing new', async () => {
      const before = (await items()).length;
      const r = await importRaw('chatgpt', json(chatgptExport()));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual([r.body.created, r.body.revised, r.body.duplicates], [0, 0, 2]);
      assert.equal(r.body.items[0], firstBees);
      assert.equal((await items()).length, before);
    });

    it('a later export as the zip: the changed conversation is revised, the new one created, the same one a duplicate', async () => {
      const r = await importRaw('chatgpt', exportZip(chatgptLaterExport()), 'application/zip');
      assert.equal(r.status, 201, r.text);
      assert.deepEqual([r.body.created, r.body.revised, r.body.duplicates], [1, 1, 1]);
      const [tea, bees, bread] = await Promise.all(r.body.items.map((id: string) => item(id)));
      assert.equal(tea.externalId, `chatgpt:${TEA_ID}`);
      assert.equal(tea.supersedesItemId, null);
      assert.equal(bees.supersedesItemId, firstBees, 'a revision of the first import of that conversation');
      assert.match(bees.externalId, new RegExp(`^chatgpt:${BEES_ID}`));
      assert.match(bees.revisionDiff, /\+.*varroa/);
      assert.equal(bread.externalId, `chatgpt:${BREAD_ID}`);
      assert.equal((await item(firstBees)).supersededByItemId, bees.id);
      // And that later export once more changes nothing.
      const again = await importRaw('chatgpt', exportZip(chatgptLaterExport(), 'export-2024/'), 'application/zip');
      assert.deepEqual([again.status, again.body.created, again.body.revised, again.body.duplicates], [200, 0, 0, 3]);
    });

    it('a Claude export as a multipart file', async () => {
      const form = new FormData();
      form.append('file', new Blob([json(claudeExport())], { type: 'application/json' }), 'conversations.json');
      const res = await fetch(`${s.url}${base}/import?format=claude`, { method: 'POST', headers: { authorization: `Bearer ${writer}` }, body: form });
      const body = (await res.json()) as any;
      assert.equal(res.status, 201, JSON.stringify(body));
      assert.deepEqual([body.created, body.revised, body.duplicates], [2, 0, 0]);
      const [kiln, haiku] = await Promise.all(body.items.map((id: string) => item(id)));
      assert.equal(kiln.externalId, `claude:${KILN_UUID}`);
      assert.equal(haiku.externalId, `claude:${HAIKU_UUID}`);
      assert.match(kiln.text, /## Claude/);
      assert.equal(kiln.skillHint, 'ingest-conversation');
    });

    it('bad input is a clear problem and changes nothing', async () => {
      const before = (await items()).length;
      const bomb = deflateZip([{ name: 'conversations.json', data: [Buffer.alloc(4 * 1024 * 1024, 0x20)], claimedSize: 1000 }]);
      const cases: Array<[string, Buffer, string, number, string]> = [
        ['chatgpt', Buffer.from('this is not json'), 'application/json', 400, 'invalid_json'],
        ['claude', json(chatgptExport()), 'application/json', 400, 'wrong_chat_format'],
        ['chatgpt', json(claudeExport()), 'application/json', 400, 'wrong_chat_format'],
        ['chatgpt', json({ hello: 'world' }), 'application/json', 400, 'invalid_chat_export'],
        ['chatgpt', json([...chatgptExport(), 42]), 'application/json', 400, 'invalid_chat_export'],
        ['bard', json(chatgptExport()), 'application/json', 400, 'invalid_format'],
        ['', json(chatgptExport()), 'application/json', 400, 'format_required'],
        ['chatgpt', Buffer.alloc(0), 'application/json', 400, 'empty_content'],
        ['chatgpt', bomb, 'application/zip', 413, 'payload_too_large'],
        ['chatgpt', deflateZip([{ name: 'chat.html', data: [Buffer.from('<html></html>')] }]), 'application/zip', 400, 'no_conversations'],
        ['chatgpt', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]), 'application/zip', 400, 'invalid_zip'],
        ['chatgpt', Buffer.alloc(1024 * 1024 + 10, 0x20), 'application/json', 413, 'payload_too_large'],
      ];
      for (const [format, body, type, status, code] of cases) {
        const r = await importRaw(format, body, type);
        assert.equal(r.status, status, `${format} ${code}: ${r.text}`);
        assert.equal(r.body.code, code, r.text);
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      }
      assert.equal((await items()).length, before);
    });

    it('a conversation that fails to store is reported with why; the others are stored and reported with their items (207)', async () => {
      const { data, unblock } = exportWithSeventhBlocked(s.dataDir);
      try {
        const r = await importRaw('claude', json(data));
        assert.equal(r.status, 207, r.text);
        assert.deepEqual([r.body.created, r.body.revised, r.body.duplicates, r.body.failed], [9, 0, 0, 1]);
        assert.equal(r.body.items.length, 9);
        assert.equal(r.body.conversations.length, 10);
        const seventh = r.body.conversations[6];
        assert.equal(seventh.index, 6);
        assert.equal(seventh.externalId, `claude:${data[6]!.uuid}`);
        assert.equal(seventh.title, data[6]!.name);
        assert.equal(seventh.outcome, 'failed');
        assert.equal(seventh.itemId, null);
        assert.equal(seventh.error.status, 500);
        assert.equal(typeof seventh.error.code, 'string');
        assert.equal(typeof seventh.error.detail, 'string');
        const stored = r.body.conversations.filter((c: any) => c.index !== 6);
        assert.ok(stored.every((c: any) => c.outcome === 'created' && c.error === null && typeof c.itemId === 'string'));
        assert.deepEqual(stored.map((c: any) => c.itemId), r.body.items, 'items are the stored conversations, in the export order');
        for (const c of stored) assert.equal((await item(c.itemId)).externalId, c.externalId);
        // Once the disk is fixed, the same export stores the missing one and repeats the others.
        unblock();
        const again = await importRaw('claude', json(data));
        assert.equal(again.status, 201, again.text);
        assert.deepEqual([again.body.created, again.body.duplicates, again.body.failed], [1, 9, 0]);
        assert.equal(again.body.conversations[6].outcome, 'created');
      } finally {
        unblock();
      }
    });

    it('when no conversation could be stored, the reply is a problem that still carries the report', async () => {
      const { data, unblock } = exportWithSeventhBlocked(s.dataDir);
      try {
        const r = await importRaw('claude', json([data[6]]));
        assert.equal(r.status, 500, r.text);
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
        assert.equal(r.body.code, 'chat_import_failed');
        assert.deepEqual([r.body.created, r.body.failed, r.body.items], [0, 1, []]);
        assert.equal(r.body.conversations[0].outcome, 'failed');
      } finally {
        unblock();
      }
    });

    it('needs Write: Read is 403, no token 401 (whatever the body)', async () => {
      assert.equal((await importRaw('chatgpt', json(chatgptExport()), 'application/json', s.credential('Read'))).status, 403);
      assert.equal((await importRaw('chatgpt', json(chatgptExport()), 'application/json', null)).status, 401);
    });
  });

  it('CLI: brainkeep import chat --brain S --format F FILE', () => {
    const data = tempDir();
    try {
      const file = path.join(data, 'chatgpt-export.zip');
      fs.writeFileSync(file, exportZip(chatgptExport()));
      const r = runCli(['import', 'chat', '--brain', 'main', '--format', 'chatgpt', file], { BRAINKEEP_DATA: data });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.deepEqual([out.created, out.revised, out.duplicates, out.items.length], [2, 0, 0, 2]);
      assert.match(r.stderr, /2 created, 0 revised, 0 already there/);
      assert.equal(out.failed, 0);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });

  it('CLI: a conversation that fails to store is named on stderr, the rest are stored, and the exit status is 1', () => {
    const data = tempDir();
    try {
      const { data: conversations } = exportWithSeventhBlocked(data);
      const file = path.join(data, 'conversations.json');
      fs.writeFileSync(file, json(conversations));
      const r = runCli(['import', 'chat', '--brain', 'main', '--format', 'claude', file], { BRAINKEEP_DATA: data });
      assert.equal(r.code, 1, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.deepEqual([out.created, out.failed, out.items.length], [9, 1, 9]);
      assert.equal(out.conversations[6].outcome, 'failed');
      assert.match(r.stderr, /9 created, 0 revised, 0 already there, 1 failed/);
      assert.match(r.stderr, new RegExp(`not stored: conversation 7 claude:${conversations[6]!.uuid} \\(Conversation 7 take \\d+\\): `));
      assert.match(r.stderr, /1 of 10 conversations were not stored/);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
