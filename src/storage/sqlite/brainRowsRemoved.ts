// A brain's row deleted through a connection: its pages, chunks and facets go with it by FK
// cascade, without the index hooks and without changing PRAGMA data_version for that same
// connection. What is kept in memory of those rows (searchIndexRepo's hit rows) listens here.
const listeners = new WeakMap<object, Set<(brainId: string) => void>>();

/** Be told when a brain's rows are removed through `db` (returns the unsubscribe). */
export function onBrainRowsRemoved(db: object, listener: (brainId: string) => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Call after deleting a brain's row through `db`. */
export function brainRowsRemoved(db: object, brainId: string): void {
  for (const l of listeners.get(db) ?? []) l(brainId);
}
