// int8Vector (storage/sqlite/vectorFormat.ts): how the vec0 tables store vectors. Each vector has
// its own scale, its largest component at ±127; only cosine distances are taken from them.
import assert from 'node:assert/strict';
import { isZero } from '../../src/infra/embeddings/provider.js';
import { int8Vector } from '../../src/storage/sqlite/vectorFormat.js';

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};
const bytes = (b: Buffer): number[] => [...new Int8Array(b.buffer, b.byteOffset, b.length)];

describe('int8Vector', () => {
  it('scales each vector to its largest component (±127), one signed byte per component', () => {
    assert.deepEqual(bytes(int8Vector(Float32Array.from([0.1, -0.2, 0.05, 0]))), [64, -127, 32, 0]);
    assert.deepEqual(bytes(int8Vector([3, 1.5])), [127, 64]);
  });

  it('keeps cosine: small vectors lose no precision to a fixed scale', () => {
    for (let seed = 1; seed < 50; seed++) {
      const a = Float32Array.from({ length: 100 }, (_, i) => Math.sin(seed * 7.1 + i * 0.9) * 0.01);
      const b = Float32Array.from({ length: 100 }, (_, i) => Math.cos(seed * 3.3 + i * 1.7) * 0.02 + a[i]!);
      const q = (v: Float32Array) => bytes(int8Vector(v));
      assert.ok(Math.abs(cosine(q(a), q(b)) - cosine(a, b)) < 0.005, `seed ${seed}`);
    }
  });

  it('a zero vector (or one with no finite scale) stays zero', () => {
    assert.deepEqual(bytes(int8Vector(new Float32Array(3))), [0, 0, 0]);
    assert.deepEqual(bytes(int8Vector([NaN, 1])), [0, 0]);
  });

  it('a largest component so small that its scale is not finite (a subnormal) gives a zero vector, not a RangeError', () => {
    assert.deepEqual(bytes(int8Vector([5e-324, -5e-324, 0])), [0, 0, 0]);
    assert.deepEqual(bytes(int8Vector([1e-310, 0])), [0, 0]);
  });
});

describe('isZero (a vector with no direction: neither stored nor searched with)', () => {
  it('is true for all zeros, a NaN or infinite component, or a subnormal largest one; false for any vector int8Vector gives a direction', () => {
    assert.ok(isZero(new Float32Array(4)));
    assert.ok(isZero(Float32Array.from([0.5, NaN, 0.1])));
    assert.ok(isZero(Float32Array.from([0.5, -Infinity, 0.1])));
    assert.ok(!isZero(Float32Array.from([1e-40, 0])), 'a float32 subnormal still scales');
    assert.ok(!isZero(Float32Array.from([0.5, 0, 0.1])));
    for (const v of [[0.5, NaN], [Infinity, 1], [0, 0], [1e-40, 0], [0.2, -0.1]]) {
      const f = Float32Array.from(v);
      assert.equal(isZero(f), bytes(int8Vector(f)).every((b) => b === 0), String(v));
    }
  });
});
