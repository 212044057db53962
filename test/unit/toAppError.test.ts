// One map from anything thrown to the problem every surface sends (domain/errors.ts).
import assert from 'node:assert/strict';
import { ConflictError, toAppError } from '../../src/domain/errors.js';

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('toAppError', () => {
  it('maps a full disk (ENOSPC, EDQUOT, EFBIG, SQLITE_FULL) to the storage_full problem', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL']) {
      const p = toAppError(errno(code));
      assert.equal(p.code, 'storage_full', code);
      assert.equal(p.status, 507, code);
      assert.match(p.detail, /full.*Reads still work/, code);
    }
  });

  it('maps a read-only folder or database (EROFS, EACCES, EPERM, SQLITE_READONLY) to the same storage_full problem', () => {
    for (const code of ['EROFS', 'EACCES', 'EPERM', 'SQLITE_READONLY']) {
      const p = toAppError(errno(code));
      assert.equal(p.code, 'storage_full', code);
      assert.equal(p.status, 507, code);
      assert.match(p.detail, /read-only or full.*Reads still work/, code);
    }
  });

  it('keeps storage_unavailable for a database that cannot reach its disk (SQLITE_IOERR, SQLITE_CANTOPEN)', () => {
    for (const code of ['SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN']) {
      const p = toAppError(errno(code));
      assert.equal(p.code, 'storage_unavailable', code);
      assert.equal(p.status, 503, code);
    }
  });

  it('passes AppErrors through and hides anything else as internal_error', () => {
    const conflict = new ConflictError('taken');
    assert.equal(toAppError(conflict), conflict);
    const p = toAppError(new Error('secret path /var/x'));
    assert.equal(p.code, 'internal_error');
    assert.equal(p.status, 500);
    assert.doesNotMatch(p.detail, /secret/);
    assert.equal(toAppError(undefined).code, 'internal_error');
  });
});
