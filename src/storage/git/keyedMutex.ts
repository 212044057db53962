// In-process serialization keyed by brain: writes to one brain run one at a time, in order.

export class KeyedMutex {
  private tails = new Map<string, Promise<void>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Resolves once every write queued so far has finished (used by graceful shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.tails.values()]);
  }
}
