import { packMarkdown } from '../pageText.js';
import type { Migration } from './index.js';

// Pages' markdown packed in place (storage/sqlite/pageText.ts; issue 28, "storage that fits": the
// copy beside the git blob was the largest thing in the index). Each long TEXT row becomes a packed
// BLOB; short pages stay TEXT. The space freed stays in the file as free pages, which later writes
// reuse (`VACUUM` with the server stopped gives it back at once). Migrations after this one read
// `pages.markdown` through unpackMarkdown.
export const m032PackedMarkdown: Migration = {
  version: 32,
  name: 'packed-markdown',
  up(db) {
    const ids = db.prepare("SELECT id FROM pages WHERE typeof(markdown) = 'text' AND length(CAST(markdown AS BLOB)) >= 512").pluck().all() as number[];
    const read = db.prepare('SELECT markdown FROM pages WHERE id = ?').pluck();
    const write = db.prepare('UPDATE pages SET markdown = ? WHERE id = ?');
    for (const id of ids) {
      const packed = packMarkdown(read.get(id) as string);
      if (typeof packed !== 'string') write.run(packed, id);
    }
  },
};
