// A brain's attachment (a file other than a page), defined once: the entity (`BrainFile`, as the
// file index holds it at the indexed commit), its two wire shapes (CONTRACT "FileInfo" for one
// file, and the list item) and their mappers.

export interface BrainFile {
  id: number;
  brainId: string;
  path: string;
  contentType: string;
  size: number;
  sha256: string;
  blobOid: string;
  version: number;
  commit: string;
  updatedAt: string;
  updatedBy: string;
}

export type FileInfo = Pick<BrainFile, 'path' | 'contentType' | 'size' | 'sha256' | 'commit' | 'version'>;

export type FileListItem = Pick<BrainFile, 'path' | 'contentType' | 'size' | 'updatedAt'>;

export function toFileInfo(f: BrainFile): FileInfo {
  return { path: f.path, contentType: f.contentType, size: f.size, sha256: f.sha256, commit: f.commit, version: f.version };
}

export function toFileListItem(f: BrainFile): FileListItem {
  return { path: f.path, contentType: f.contentType, size: f.size, updatedAt: f.updatedAt };
}
