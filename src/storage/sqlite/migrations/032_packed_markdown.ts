import { PACK_MIN_BYTES, packMarkdown } from '../pageText.js';
import type { Migration } from './index.js';

/** From this many pages to pack, 032 says on stderr what it is doing (25,200 pages took 11.6 s). */
export const PACK_NOTICE_PAGES = 2000;

// Pages' markdown packed in place (storage/sqlite/pageText.ts; issue 28, "storage that fits": the
// copy beside the git blob was the largest thing in the index). Each long TEXT row becomes a packed
// BLOB; short pages stay TEXT. One-way: a build from before 032 cannot read the BLOBs (see
// docs/operations.md for going back). It runs in one transaction, so a stop rolls it back and the
// next start begins again; on a big index it says so first, since the start is silent for seconds.
// The WAL it fills (90 MB for 25,200 pages) is truncated after it (`checkpointAfter`); the space
// freed in the file stays as free pages, which later writes reuse (`VACUUM` with the server
// stopped gives it back at once). Migrations after this one read `pages.markdown` through
// unpackMarkdown.
export const m032PackedMarkdown: Migration = {
  version: 32,
  name: 'packed-markdown',
  checkpointAfter: true,
  up(db) {
    const ids = db.prepare("SELECT id FROM pages WHERE typeof(markdown) = 'text' AND length(CAST(markdown AS BLOB)) >= ?").pluck().all(PACK_MIN_BYTES) as number[];
    const started = Date.now();
    const notice = ids.length >= PACK_NOTICE_PAGES;
    if (notice) process.stderr.write(`brainkeep: migration 032 packs the markdown of ${ids.length} pages in the index (one time; stopping it starts it over)\n`);
    const read = db.prepare('SELECT markdown FROM pages WHERE id = ?').pluck();
    const write = db.prepare('UPDATE pages SET markdown = ? WHERE id = ?');
    for (const id of ids) {
      const packed = packMarkdown(read.get(id) as string);
      if (typeof packed !== 'string') write.run(packed, id);
    }
    if (notice) process.stderr.write(`brainkeep: migration 032 packed ${ids.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  },
};
