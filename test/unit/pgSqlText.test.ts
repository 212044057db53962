// SQL written once for both backends uses SQLite's `?` and `@name` parameters; the PostgreSQL
// bridge numbers them `$1`, `$2`... outside literals, quoted identifiers and comments.
import assert from 'node:assert/strict';
import { bindValues, toPgText } from '../../src/storage/postgres/sqlText.js';
import { isUniqueViolation } from '../../src/storage/syncDb.js';

describe('PostgreSQL parameter rewriting', () => {
  it('numbers positional parameters in order', () => {
    assert.deepEqual(toPgText('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?'), { text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4', names: null });
  });

  it('numbers named parameters once each, binding them from one object in that order', () => {
    const t = toPgText('UPDATE t SET a = @to, b = @now WHERE id = @id AND a <> @to');
    assert.deepEqual(t, { text: 'UPDATE t SET a = $1, b = $2 WHERE id = $3 AND a <> $1', names: ['to', 'now', 'id'] });
    assert.deepEqual(bindValues(t, [{ id: 'x', now: 'n', to: 2, extra: 'ignored' }]), [2, 'n', 'x']);
    assert.throws(() => bindValues(t, [{ id: 'x', now: 'n' }]), /Missing named parameter "to"/);
  });

  it('leaves question marks and at signs alone inside literals, quoted identifiers and comments', () => {
    const sql = `SELECT 'why?', 'it''s @home?', "odd?col", x -- a comment?\n FROM t /* @not ? */ WHERE e = ? AND m = 'a@b.c'`;
    assert.equal(toPgText(sql).text, `SELECT 'why?', 'it''s @home?', "odd?col", x -- a comment?\n FROM t /* @not ? */ WHERE e = $1 AND m = 'a@b.c'`);
  });

  it('refuses forms it cannot rewrite safely: ?NNN, E-literals and $$ bodies', () => {
    assert.throws(() => toPgText('SELECT ?1'), /numbered \?NNN/);
    assert.throws(() => toPgText("SELECT E'it\\'s ?' , ?"), /E'\.\.\.' literals/);
    assert.throws(() => toPgText('DO $$ BEGIN PERFORM ?; END $$'), /\$\$-quoted/);
    // a column or word ending in e before a literal is not an E-literal
    assert.equal(toPgText("SELECT type'x' , ?").text, "SELECT type'x' , $1");
  });

  it('reads @@ (the full-text match operator) as an operator, not a named parameter', () => {
    assert.deepEqual(toPgText("SELECT 1 WHERE v @@to_tsquery(?)"), { text: 'SELECT 1 WHERE v @@to_tsquery($1)', names: null });
    assert.deepEqual(toPgText('SELECT 1 WHERE v @@ q AND a = @a'), { text: 'SELECT 1 WHERE v @@ q AND a = $1', names: ['a'] });
  });

  it('refuses a statement mixing both forms', () => {
    assert.throws(() => toPgText('SELECT ? , @a'), /mixes \? and @name/);
  });

  it('binds undefined as NULL and a bigint as its decimal text', () => {
    assert.deepEqual(bindValues(toPgText('SELECT ?, ?, ?'), [undefined, 12345678901234567890n, 'x']), [null, '12345678901234567890', 'x']);
  });

  it('recognises a unique violation from either backend and nothing else', () => {
    assert.equal(isUniqueViolation({ code: '23505' }), true);
    assert.equal(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' }), true);
    assert.equal(isUniqueViolation({ code: '23503' }), false); // a foreign key
    assert.equal(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }), false);
    assert.equal(isUniqueViolation(null), false);
  });
});
