// A chat import's conversation that fails for an unexpected (server-side) reason: the result carries
// the generic internal-error detail, and the cause goes to the server's log once, with its stack.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { buildContainer, type Container } from '../../src/container.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { parseChatExport } from '../../src/domain/chatExports.js';
import { bootstrapWorkspace } from '../../src/services/bootstrapService.js';
import { ContentStore } from '../../src/storage/contentStore.js';
import { tempDir } from '../helpers/server.js';

describe('chat import: server-side failures are logged', function () {
  this.timeout(30_000);
  let dir: string;
  let c: Container;
  const lines: Array<Record<string, unknown>> = [];

  before(async () => {
    dir = tempDir();
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off' }), log);
    await bootstrapWorkspace(c, 'owner@brainkeep.local');
  });
  after(async () => {
    await c?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the client gets the generic detail; the log gets the cause with its stack, once', async () => {
    const data = [
      { uuid: '22222222-aaaa-4bbb-8ccc-000000000001', name: 'Logged conversation', created_at: '2024-11-02T09:15:00.000000Z', chat_messages: [{ uuid: 'm-1', sender: 'human', text: 'Where does the error go?', created_at: '2024-11-02T09:15:00.000000Z' }] },
    ];
    // A plain file where the content store's folder for the conversation's bytes goes: storing it fails (not an AppError).
    const sha = ContentStore.hash(Buffer.from(parseChatExport('claude', data)[0]!.markdown, 'utf8'));
    const folder = path.join(dir, 'inbox', sha.slice(0, 2));
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    fs.writeFileSync(folder, 'not a folder');
    const result = await c.chatImports.import(SYSTEM_ACTOR, 'main', 'claude', { bytes: Buffer.from(JSON.stringify(data)) });
    assert.equal(result.failed, 1);
    const error = result.conversations[0]!.error!;
    assert.equal(error.status, 500);
    assert.equal(error.code, 'internal_error');
    assert.doesNotMatch(error.detail, /ENOTDIR|EEXIST|not a folder|inbox/);
    const logged = lines.filter((l) => l.msg === 'chat import: a conversation was not stored');
    assert.equal(logged.length, 1, JSON.stringify(lines));
    const err = logged[0]!.err as { stack?: string; code?: string };
    assert.equal(logged[0]!.level, 50);
    assert.equal(logged[0]!.externalId, `claude:${data[0]!.uuid}`);
    assert.match(err.stack ?? '', /^\w*Error: .+\n\s+at /, 'the stack of the cause');
  });
});
