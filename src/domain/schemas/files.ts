// Query parameters of the files routes (REST, the list_files tool and OpenAPI share them).
import { LIMITS } from '../limits.js';
import { S, type Infer } from '../validate.js';
import { listPagesQuery, PATH } from './pages.js';

/** GET /files (list) and the list_files tool: the page list's prefix and cursor, with the files' own limit. */
export const listFilesQuery = S.object({
  ...listPagesQuery.properties,
  limit: S.int({ minimum: 1, maximum: LIMITS.fileList }),
});

export type ListFilesQuery = Infer<typeof listFilesQuery>;

const fileVersion = { path: PATH, expectedVersion: S.int({ minimum: 0 }) };

/** PUT /files: the file and the optimistic check (0: create only), read before the body is. */
export const putFileQuery = S.object(fileVersion, ['path']);

export type PutFileQuery = Infer<typeof putFileQuery>;

/** DELETE /files: the file and the optimistic check. */
export const deleteFileQuery = S.object(fileVersion, ['path']);

export type DeleteFileQuery = Infer<typeof deleteFileQuery>;
