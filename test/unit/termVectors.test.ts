// The learned vocabulary's stored vectors (issue 28: float32 rows made the table 27 MB of a 41 MB
// vault's index): int8 with a per-vector scale, a quarter of the size, and cosine similarities
// that stay as they were.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeTermVector, encodeTermVector } from '../../src/storage/sqlite/embeddingRepo.js';

const DIMS = 100;

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const vector = fc.array(fc.float({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }), { minLength: DIMS, maxLength: DIMS }).map((xs) => Float32Array.from(xs));

describe('stored vocabulary vectors', () => {
  it('take 4 bytes of scale and one byte a dimension', () => {
    assert.equal(encodeTermVector(new Float32Array(DIMS).fill(0.5)).byteLength, 4 + DIMS);
  });

  it('decode within half a step of every component, and move a cosine by at most what those steps allow', () => {
    const norm = (v: Float32Array) => Math.sqrt(v.reduce((n, x) => n + x * x, 0));
    fc.assert(
      fc.property(vector, vector, (a, b) => {
        const da = new Float32Array(DIMS);
        const db = new Float32Array(DIMS);
        decodeTermVector(encodeTermVector(a), da);
        decodeTermVector(encodeTermVector(b), db);
        const step = Math.max(...a.map(Math.abs)) / 127;
        for (let i = 0; i < DIMS; i++) assert.ok(Math.abs(da[i]! - a[i]!) <= step / 2 + 1e-6, `component ${i}: ${a[i]} → ${da[i]}`);
        if (norm(a) < 1e-3 || norm(b) < 1e-3) return;
        const off = (x: Float32Array, dx: Float32Array) => norm(dx.map((v, i) => v - x[i]!)) / norm(x);
        assert.ok(Math.abs(cosine(da, db) - cosine(a, b)) <= 2 * (off(a, da) + off(b, db)) + 1e-6);
      }),
    );
  });

  it('keep the cosine of word-like vectors (every component of a similar size) to 2e-3', () => {
    let seed = 28;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const word = () => Float32Array.from({ length: DIMS }, () => random() + random() + random());
    let worst = 0;
    for (let k = 0; k < 200; k++) {
      const a = word();
      const b = word().map((x, i) => 0.6 * a[i]! + 0.4 * x);
      const da = new Float32Array(DIMS);
      const db = new Float32Array(DIMS);
      decodeTermVector(encodeTermVector(a), da);
      decodeTermVector(encodeTermVector(b), db);
      worst = Math.max(worst, Math.abs(cosine(da, db) - cosine(a, b)));
    }
    assert.ok(worst < 2e-3, String(worst));
  });

  it('keep a zero vector zero, and leave the output zero when the sizes disagree', () => {
    const out = new Float32Array(DIMS).fill(7);
    decodeTermVector(encodeTermVector(new Float32Array(DIMS)), out);
    assert.ok(out.every((x) => x === 0));
    const other = new Float32Array(DIMS + 1);
    decodeTermVector(encodeTermVector(Float32Array.from({ length: DIMS }, (_, i) => i)), other);
    assert.ok(other.every((x) => x === 0));
  });
});
