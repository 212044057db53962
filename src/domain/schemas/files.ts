// Query parameters of the files routes (REST, the list_files tool and OpenAPI share them).
import { LIMITS } from '../limits.js';
import { S, type Infer } from '../validate.js';
import { listPagesQuery } from './pages.js';

/** GET /files (list) and the list_files tool: the page list's prefix and cursor, with the files' own limit. */
export const listFilesQuery = S.object({
  ...listPagesQuery.properties,
  limit: S.int({ minimum: 1, maximum: LIMITS.fileList }),
});

export type ListFilesQuery = Infer<typeof listFilesQuery>;

/** DELETE /files: the file and the optimistic check. */
export const deleteFileQuery = S.object({ path: S.string({ minLength: 1, maxLength: 1024 }), expectedVersion: S.int({ minimum: 0 }) }, ['path']);

export type DeleteFileQuery = Infer<typeof deleteFileQuery>;
