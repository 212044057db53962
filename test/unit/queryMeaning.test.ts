// What a word-vector model reads of a question: its words without the scaffolding around them.
import assert from 'node:assert/strict';
import { isScaffolding, meaningText } from '../../src/domain/queryMeaning.js';

describe('the meaning text of a question', () => {
  it('drops greetings, asking and remembering verbs, pronouns and question words', () => {
    assert.equal(meaningText('hey, can you tell me what we ended up deciding about moving the clinic software?'), 'up deciding moving clinic software');
    assert.equal(meaningText('Do you remember who looks after our cats’ skin problems'), 'looks after cats skin problems');
  });

  it('drops the scaffolding of other languages', () => {
    assert.equal(meaningText('Weißt du noch, wann wir den Umzug der Praxis geplant haben?'), 'Umzug Praxis geplant');
    assert.equal(meaningText('Tu te rappelles quand nous avons déménagé le cabinet ?'), 'déménagé cabinet');
    assert.equal(meaningText('¿Sabes dónde está el contrato de alquiler?'), 'está contrato alquiler');
  });

  it('reads English contractions of scaffolding as scaffolding, and keeps elided articles with their noun', () => {
    assert.ok(isScaffolding("we'd"));
    assert.ok(isScaffolding('What’s'));
    assert.ok(isScaffolding("didn't"));
    assert.ok(!isScaffolding("l'équipe"));
    assert.ok(!isScaffolding("O'Brien"));
    assert.equal(meaningText("hey, what's l'équipe planning"), "l'équipe planning");
  });

  it('keeps words that say what the question is about, names and numbers included', () => {
    assert.equal(meaningText('Ada Lovelace analytical engine 1843'), 'Ada Lovelace analytical engine 1843');
    assert.ok(!isScaffolding('decision'));
    assert.ok(!isScaffolding('invoice'));
    // Words that are also names or months are kept: "what did Don say in May".
    assert.equal(meaningText('hey, what did Don say in May about Will’s offer?'), 'Don May Will’s offer');
  });

  it('reads a question not framed as talk as typed: its small words may be what it describes', () => {
    const q = 'what do we have on keeping the full sequence of things that happened to an order?';
    assert.equal(meaningText(q), q);
    assert.equal(meaningText('find our write-up on online appointments with a GP'), 'find our write-up on online appointments with a GP');
  });

  it('keeps the question as typed when every word is scaffolding', () => {
    assert.equal(meaningText('what was it?'), 'what was it?');
    assert.equal(meaningText('hey, do you remember what it was?'), 'hey, do you remember what it was?');
    assert.equal(meaningText(''), '');
  });
});
