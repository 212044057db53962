// Table tests for API chat logs read as sessions: chat-completions request/response shapes, the
// Responses API, JSON Lines of request/response records, and no raw JSON in timeline lines.
import assert from 'node:assert/strict';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { factAbout } from '../../src/domain/filing/entities.js';
import { parseSessionTranscript } from '../../src/domain/filing/text.js';
import { classifyContent } from '../../src/domain/filing/classify.js';

const req = (messages: unknown[]) => ({ model: 'm', messages });
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const reply = (content: string, created = 1773100800) => ({ id: 'x', object: 'chat.completion', created, choices: [{ index: 0, message: assistant(content) }, { index: 1, message: assistant('an alternative') }] });

describe('filing sessions: API chat logs', () => {
  const shapes: Array<[string, unknown, string[], string | undefined]> = [
    ['request and response side by side', { request: req([{ role: 'system', content: 'Be brief.' }, user('Acme renews.')]), response: reply('Noted.') }, ['User:Acme renews.', 'Assistant:Noted.'], '2026-03-10'],
    ['a request body under body', { body: req([user('Acme renews.')]), response: { body: reply('Noted.') } }, ['User:Acme renews.', 'Assistant:Noted.'], '2026-03-10'],
    ['a response alone', reply('Acme renews for 120 seats.'), ['Assistant:Acme renews for 120 seats.'], '2026-03-10'],
    ['content as parts', { request: req([user([{ type: 'text', text: 'Acme renews.' }])]), response: reply('Noted.') }, ['User:Acme renews.', 'Assistant:Noted.'], '2026-03-10'],
    ['the Responses API', { created_at: 1773100800, input: [user([{ type: 'input_text', text: 'Acme renews.' }])], output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Noted.' }] }] }, ['User:Acme renews.', 'Assistant:Noted.'], '2026-03-10'],
    ['a history nested under a log key', { log: { history: [user('Acme renews.'), assistant('Noted.')], created: 1773100800 } }, ['User:Acme renews.', 'Assistant:Noted.'], '2026-03-10'],
    ['a plain messages object stays as it was', { messages: [user('Acme renews.'), assistant('Noted.')] }, ['User:Acme renews.', 'Assistant:Noted.'], undefined],
  ];
  for (const [what, value, turns, date] of shapes) {
    it(`reads ${what}`, () => {
      const s = parseSessionTranscript(JSON.stringify(value))!;
      assert.ok(s, 'a session');
      assert.deepEqual(s.turns.map((t) => `${t.speaker}:${t.text}`), turns);
      assert.equal(s.meta.date, date);
    });
  }

  it('reads JSON Lines of request/response records once each, dated by the first created', () => {
    const first = { request: req([user('Acme renews.')]), response: reply('Noted.', 1773100800) };
    const second = { request: req([user('Acme renews.'), assistant('Noted.'), user('For 120 seats.')]), response: reply('Got it.', 1773187200) };
    const s = parseSessionTranscript([first, second].map((x) => JSON.stringify(x)).join('\n'))!;
    assert.deepEqual(s.turns.map((t) => `${t.speaker}:${t.text}`), ['User:Acme renews.', 'Assistant:Noted.', 'User:For 120 seats.', 'Assistant:Got it.']);
    assert.equal(s.meta.date, '2026-03-10');
  });

  it('a JSON object with no role messages is no session', () => {
    assert.equal(parseSessionTranscript(JSON.stringify({ request: { model: 'm', prompt: 'x' }, response: { created: 1773100800, text: 'y' } })), null);
    assert.equal(parseSessionTranscript(JSON.stringify({ choices: [{ text: 'completion, not chat' }] })), null);
  });

  it('an API log is classified as a conversation and its decisions and facts are read', () => {
    const log = JSON.stringify({ request: req([user('Ada Lovelace has left Initech. She starts at Globex next month as CTO.'), user('Decided: we keep Ada as our contact for the Falcon deal.')]), response: reply('Noted.') });
    assert.equal(classifyContent({ text: log, filename: 'log.json' }).kind, 'conversation');
    const c = extractConversation(log);
    assert.equal(c.date, '2026-03-10');
    assert.deepEqual(c.decisions, ['we keep Ada as our contact for the Falcon deal.']);
    assert.ok(c.facts.includes('Ada Lovelace has left Initech.'));
    assert.ok(c.facts.includes('She starts at Globex next month as CTO.'));
  });

  it('a short sentence naming fewer than two things is still chatter', () => {
    assert.deepEqual(extractConversation('User: Thanks, Ada.\nAssistant: Sure, Ada is great.').facts, []);
  });

  const fragments: Array<[string, string, string | null]> = [
    ['a JSON fragment is never a timeline line', '{"role":"user","content":"Acme renews"},{"role":"assistant"}', null],
    ['escaped JSON is never a timeline line', 'What should we update?\\"},{\\"role\\":\\"assistant\\",\\"content\\":\\"Acme renews', null],
    ['prose with quotes is kept', 'Ada said "Acme renews" at the sync.', 'Ada said "Acme renews" at the sync.'],
  ];
  for (const [what, text, want] of fragments) it(what, () => assert.equal(factAbout(text, ['Acme']), want));
});
