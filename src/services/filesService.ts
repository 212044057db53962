// Attachments (CONTRACT "Files"): upload, read, list and delete the non-markdown files a brain
// keeps beside its pages, for REST, MCP and the web app alike. A write is one commit through the
// durable write path (pending row, blob and commit, index update, audit row), like a page write.
// The body streams to a temp file (storage/fileStaging.ts) and from there into the git blob, so
// an upload holds a read buffer in memory, not the file. A PDF's text is extracted after the commit
// on the extraction threads and indexed for search (FileIndexRepo.setText); a failure is stored with
// its reason, and one that was not the file's own is tried again (TEXT_RETRY_MS).
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Actor } from '../domain/actor.js';
import type { BrainRef } from '../domain/brainRef.js';
import { BadRequestError, ConflictError, NotFoundError } from '../domain/errors.js';
import { checkDeclaredType, isFilePath, kindOfPath, normalizeFilePath, resolveFileType, sizeProblem, type FileKind } from '../domain/files.js';
import { toFileInfo, toFileListItem, type FileInfo, type FileListItem } from '../domain/entities/file.js';
import { LIMITS } from '../domain/limits.js';
import { normalizeFolder } from '../domain/paths.js';
import type { WritePath } from '../storage/writePath.js';
import type { FileStaging, StagedUpload } from '../storage/fileStaging.js';
import type { StagedFile } from '../storage/contentStore.js';
import type { FileIndexRepo, IndexedFile, TextFailure, TextState } from '../storage/sqlite/fileIndexRepo.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import type { AccessService } from './accessService.js';
import type { ExtractionPool } from '../infra/extractionPool.js';
import type { Extraction } from '../infra/extraction.js';

export const FILE_LIST_MAX = LIMITS.fileList;

/** PDFs whose text is extracted per pass of the text indexer. */
const TEXT_BATCH = 8;
const TEXT_DEBOUNCE_MS = 200;

/**
 * After a failure that was not the file's own (its parser would not load, the extraction thread hit
 * its time or memory limit on a busy machine or died, a shutdown, its blob could not be read), the
 * waits before each next try: a bounded number with backoff, not a try per indexer pass, since a
 * pass runs after every upload and a PDF that always runs out of time would hold a thread for the
 * whole limit each time. Load passes in minutes; a missing parser library is an installation fault
 * that a restart fixes, so each start tries every such file once more (resumeText): on PostgreSQL
 * every node's start does, so a rolling restart of N nodes gives up to N more tries.
 */
const TEXT_RETRY_MS = [60_000, 10 * 60_000, 60 * 60_000];

/** What a PDF the parser rejects reads as: its own fault, not tried again. */
const DAMAGED_PDF = 'The text of this PDF could not be extracted: the file is damaged, encrypted or not a PDF the parser can read. Its bytes are kept and served as uploaded.';

/** A failure stored with no reason, by a node on the code before migration 036 (a cluster mid-upgrade). */
const NO_REASON = 'The text of this PDF could not be extracted, and the reason was not recorded (by a server of an earlier version). It is tried again when the server next starts.';

/** A blob read error's own message may name paths on the server: the log has it, the reader this. */
const BLOB_UNREADABLE = "Text extraction stopped: the PDF's bytes could not be read from the brain's repository. The file is kept.";

export type { FileInfo, FileListItem };

/** An upload: the body as a stream (or a file staged elsewhere), its declared type. */
export interface FileUpload {
  path: string;
  contentType?: string | null;
  body?: Readable;
  /** A multipart part already on disk, with the digest and size computed while it was streamed (moved in, not hashed again). */
  stagedFile?: StagedFile;
  expectedVersion?: number;
  /** The declared length (Content-Length): over the cap it is refused before a byte is read. */
  declaredSize?: number | null;
}

export interface FileContent {
  file: IndexedFile;
  kind: FileKind;
  etag: string;
  open(): Promise<Readable>;
  bytes(): Promise<Buffer>;
}

export class FilesService {
  private textRun: Promise<void> | null = null;
  private textAgain = false;
  /** The indexer's next pass for a failed PDF's retry (unref'd: it keeps no process alive). */
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** PDF extractions in flight, by file row and blob. */
  private readonly extracting = new Map<string, Promise<void>>();

  constructor(
    private readonly access: AccessService,
    private readonly files: FileIndexRepo,
    private readonly writes: WritePath,
    private readonly repos: RepoRegistry,
    private readonly staging: FileStaging,
    private readonly extraction: ExtractionPool,
    private readonly maxBytes: number,
    /** The server's log: a PDF whose bytes could not be read is logged here, with the error. */
    private readonly log: Logger,
  ) {}

  get maxFileBytes(): number {
    return this.maxBytes;
  }

  /**
   * Checks that need no body: the caller's role, the path, the declared type and length, and the
   * expected version against the current one. Routes call this before reading a byte (CONTRACT
   * "Order of checks"); `put` runs it again (the version again under the write lock).
   */
  precheck(actor: Actor, brainRef: BrainRef, input: Pick<FileUpload, 'path' | 'contentType' | 'declaredSize' | 'expectedVersion'>): { brainId: string; path: string } {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = normalizeFilePath(input.path);
    // The declared type must be allowed and agree with the extension; an empty head skips the signature.
    checkDeclaredType(path, input.contentType);
    if (input.declaredSize != null) {
      const tooBig = sizeProblem(input.declaredSize, this.maxBytes);
      if (tooBig) throw tooBig;
    }
    checkExpectedFile(path, this.files.lastVersion(brain.id, path), input.expectedVersion);
    return { brainId: brain.id, path };
  }

  /** Create or replace a file: one commit. Replies whether it was created. */
  async put(actor: Actor, brainRef: BrainRef, input: FileUpload): Promise<{ file: FileInfo; created: boolean }> {
    const { brainId, path } = this.precheck(actor, brainRef, input);
    let staged: StagedUpload | null = null;
    try {
      if (input.body) staged = await this.staging.stage(input.body, this.maxBytes);
      else if (input.stagedFile) staged = await this.staging.adopt(input.stagedFile, this.maxBytes);
      else throw new BadRequestError('The request has no file: send the bytes as the body, or as a multipart file part.', 'missing_file');
      const kind = resolveFileType(path, input.contentType, staged.head);
      const source = staged;
      let created = false;
      let unchanged: IndexedFile | null = null;
      await this.writes.writeIfChanged(
          brainId,
          actor,
          () => {
            const current = this.files.lastVersion(brainId, path);
            checkExpectedFile(path, current, input.expectedVersion);
            const live = current.live ? this.files.get(brainId, path) : null;
            if (live && live.sha256 === source.sha256 && live.contentType === kind.contentType) {
              unchanged = live;
              return null; // the same bytes again: no commit
            }
            created = !current.live;
            return {
              ops: [{ op: 'put', path, sourceFile: source.tempPath, file: { contentType: kind.contentType, size: source.size, sha256: source.sha256 } }],
              message: `${created ? 'Add' : 'Update'} file ${path}`,
              opName: 'file',
              audit: { action: created ? 'file.create' : 'file.update', target: path, detail: { size: source.size, contentType: kind.contentType, sha256: source.sha256 } },
            };
          },
          { paths: [path] },
        );
      const file = unchanged ?? this.files.get(brainId, path);
      if (!file) throw new NotFoundError(`File ${path}`);
      return { file: toFileInfo(file), created };
    } finally {
      await this.staging.discard(staged);
    }
  }

  async delete(actor: Actor, brainRef: BrainRef, rawPath: string, q: { expectedVersion?: number } = {}): Promise<void> {
    const { brain } = this.access.require(actor, brainRef, 'Write');
    const path = normalizeFilePath(rawPath);
    await this.writes.write(
      brain.id,
      actor,
      () => {
        const current = this.files.lastVersion(brain.id, path);
        if (!current.live) throw new NotFoundError(`File ${path}`);
        checkExpectedFile(path, current, q.expectedVersion);
        return { ops: [{ op: 'delete', path }], message: `Delete file ${path}`, opName: 'file', audit: { action: 'file.delete', target: path } };
      },
      { paths: [path] },
    );
  }

  list(actor: Actor, brainRef: BrainRef, q: { prefix?: string | null; cursor?: string | null; limit?: number } = {}): { files: FileListItem[]; nextCursor: string | null } {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const limit = Math.min(Math.max(q.limit ?? 100, 1), FILE_LIST_MAX);
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const folder = q.prefix ? normalizeFolder(q.prefix) : '';
    const rows = this.files.list(brain.id, { prefix: folder ? `${folder}/` : undefined, afterPath: after, limit: limit + 1 });
    const more = rows.length > limit;
    const files = rows.slice(0, limit).map(toFileListItem);
    return { files, nextCursor: more ? Buffer.from(files[files.length - 1]!.path).toString('base64url') : null };
  }

  /** One file's facts and a way to its bytes (streamed, or whole for MCP). */
  read(actor: Actor, brainRef: BrainRef, rawPath: string): FileContent {
    const content = this.find(actor, brainRef, rawPath);
    if (!content) throw new NotFoundError(`File ${normalizeFilePath(rawPath)}`);
    return content;
  }

  /** As `read`, but null when the brain has no such file (the web app's "no such file"). */
  find(actor: Actor, brainRef: BrainRef, rawPath: string): FileContent | null {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    const path = normalizeFilePath(rawPath);
    const file = this.files.get(brain.id, path);
    if (!file) return null;
    const repo = this.repos.get(brain.id);
    return {
      file,
      kind: kindOfPath(path)!,
      etag: `"${file.sha256}"`,
      open: () => repo.openBlob(file.blobOid),
      bytes: () => repo.readBlob(file.blobOid),
    };
  }

  /**
   * A file as an agent reads it (MCP read_file): an image's bytes, a text file's text, a PDF's
   * text as the indexer stored it. When the indexer has not got to the PDF yet, or its retry is
   * due, its extraction runs now, the indexer's own (stored for search too, and shared with a run
   * already in flight). A PDF's text comes with `textStatus` and, when there is none to give (the
   * extraction failed, the PDF is over the extraction limit, or it changed while read), `textError`
   * saying why and whether it is tried again, so an empty text is never left unexplained.
   */
  async readForAgent(
    actor: Actor,
    brainRef: BrainRef,
    rawPath: string,
  ): Promise<{ info: FileInfo; image: Buffer | null; text: string | null; textStatus?: 'extracted' | 'failed' | 'too_large' | 'pending'; textError?: string }> {
    const content = this.read(actor, brainRef, rawPath);
    const info = toFileInfo(content.file);
    if (content.kind.image) return { info, image: await content.bytes(), text: null };
    if (content.kind.text) return { info, image: null, text: (await content.bytes()).toString('utf8') };
    let state = this.files.textState(content.file);
    if (state && (state.status == null || retryDue(state))) {
      await this.extractOnce(content.file);
      state = this.files.textState(content.file);
    }
    if (state?.status === 'extracted') return { info, image: null, text: state.text, textStatus: 'extracted' };
    if (state?.status === 'too_large') {
      const why = this.extraction.pdfTooLarge(content.file.size) ?? `The PDF was over the size whose text is extracted (BRAINKEEP_MAX_PDF_TEXT_BYTES) when it was indexed; its text was not read.`;
      return { info, image: null, text: '', textStatus: 'too_large', textError: why };
    }
    if (state?.status === 'failed') return { info, image: null, text: '', textStatus: 'failed', textError: failureText(state.failure) };
    return { info, image: null, text: '', textStatus: 'pending', textError: 'The file changed while it was read: read it again for the text of its current version.' };
  }

  /** Whether the brain has this attachment (no read of its bytes): the web app's page images. */
  has(actor: Actor, brainRef: BrainRef, path: string): boolean {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return isFilePath(path) && this.files.get(brain.id, path) != null;
  }

  /** The pages that link to or show a file (markdown links and images). */
  linkedFrom(actor: Actor, brainRef: BrainRef, rawPath: string): string[] {
    const { brain } = this.access.require(actor, brainRef, 'Read');
    return this.files.pagesLinkingTo(brain.id, normalizeFilePath(rawPath));
  }

  /**
   * Extract and index the text of PDFs that have none yet (uploaded, pushed, or left by a restart)
   * and of failed ones whose retry is due, one batch at a time on the extraction threads. Runs in
   * the background; `textIndexed` awaits it. When it ends, the next retry due is timed.
   */
  indexText(): void {
    if (this.closed) return;
    if (this.textRun) {
      this.textAgain = true;
      return;
    }
    // A short debounce: uploads and pushes in a row are read in one pass, and a PDF is parsed
    // after its upload was answered, not while its bytes are still on the way in.
    this.textRun = new Promise<void>((resolve) => setTimeout(resolve, TEXT_DEBOUNCE_MS))
      .then(async () => {
        do {
          this.textAgain = false;
          // A file version is taken once per pass: one whose row did not change (a state this code
          // did not write) cannot make the pass spin on it.
          const seen = new Set<string>();
          for (let batch = this.textBatch(seen); batch.length; batch = this.textBatch(seen)) {
            for (const f of batch) {
              if (this.closed) break;
              seen.add(versionKey(f));
              await this.extractOnce(f);
            }
          }
        } while (this.textAgain);
      })
      .finally(() => {
        this.textRun = null;
        this.timeRetry();
      });
  }

  /**
   * At the server's start: every PDF that failed for no fault of its own is tried now, once, whether
   * it was waiting for a retry or had its retries spent (TEXT_RETRY_MS); then the indexer's pass.
   */
  resumeText(): void {
    this.files.retryNow(new Date().toISOString());
    this.indexText();
  }

  /** Resolves when no PDF text extraction is running (tests, shutdown). */
  async textIndexed(): Promise<void> {
    while (this.textRun) await this.textRun;
  }

  /** Stop: no further pass or timed retry; resolves when the running pass is over. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.textIndexed();
  }

  /**
   * The PDFs waiting for their first extraction, else those whose retry is due, less those this pass
   * took already; none once the service is closing (shutdown does not wait for a backlog).
   */
  private textBatch(seen: Set<string>): IndexedFile[] {
    if (this.closed) return [];
    const fresh = (files: IndexedFile[]) => files.filter((f) => !seen.has(versionKey(f)));
    const pending = fresh(this.files.pendingText(TEXT_BATCH));
    return pending.length ? pending : fresh(this.files.dueText(new Date().toISOString(), TEXT_BATCH));
  }

  /** A pass when the earliest retry waited for is due. */
  private timeRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const next = this.closed ? null : this.files.nextTextRetry();
    if (!next) return;
    // Capped below setTimeout's limit (about 24.8 days); a late pass finds nothing due and times again.
    const wait = Math.min(Math.max(0, Date.parse(next) - Date.now()), 2 ** 31 - 1);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.indexText();
    }, wait).unref();
  }

  /** One file version's extraction at a time: the indexer and read_file share a run in flight. */
  private extractOnce(f: IndexedFile): Promise<void> {
    const key = versionKey(f);
    let run = this.extracting.get(key);
    if (!run) {
      run = this.extractOne(f).finally(() => this.extracting.delete(key));
      this.extracting.set(key, run);
    }
    return run;
  }

  private async extractOne(f: IndexedFile): Promise<void> {
    // Done meanwhile (a batch's later file read by read_file first), or changed: a failure not the
    // file's would otherwise count one attempt twice.
    const state = this.files.textState(f);
    if (!state || (state.status != null && !retryDue(state))) return;
    // Over BRAINKEEP_MAX_PDF_TEXT_BYTES the blob is not even read: the file is served, not searched.
    if (this.extraction.pdfTooLarge(f.size)) {
      this.files.setText(f, null, 'too_large');
      return;
    }
    let out: Extraction;
    try {
      const bytes = await readWhole(await this.repos.get(f.brainId).openBlob(f.blobOid), f.size);
      out = await this.extraction.extract(bytes, f.contentType);
    } catch (e) {
      // The blob could not be read (a disk error; a brain deleted meanwhile has no row left to set).
      this.log.warn({ err: e, brainId: f.brainId, path: f.path, blobOid: f.blobOid }, "a PDF's bytes could not be read for its text extraction; it is tried again");
      out = { text: '', status: 'failed', reason: BLOB_UNREADABLE, transient: true };
    }
    if (out.status === 'extracted') return this.files.setText(f, out.text, 'extracted');
    // Stopped by the shutdown (the pool closes after this service): no attempt spent, the row stays
    // as it was, and the next start takes it up.
    if (this.closed) return;
    const failure = failureOf(state.failure, out);
    this.files.setText(f, null, 'failed', failure);
    // A failure stored by read_file's own run, outside a pass: its retry is timed here.
    if (failure.retryAt && !this.textRun) this.timeRetry();
  }
}

/**
 * What a failed extraction stores: the extractor's reason, and the file's fault (tried no more) told
 * from one that was not (Extraction.transient: tried again after the next wait of TEXT_RETRY_MS,
 * counted from the version's failures before it).
 */
function failureOf(before: TextFailure | null, out: Extraction): TextFailure {
  if (!out.transient) return { error: out.reason ?? DAMAGED_PDF, attempts: 0, retryAt: null };
  const attempts = (before?.attempts ?? 0) + 1;
  const wait = TEXT_RETRY_MS[attempts - 1];
  return { error: out.reason ?? 'Text extraction stopped.', attempts, retryAt: wait === undefined ? null : new Date(Date.now() + wait).toISOString() };
}

/** A failed PDF whose retry time has come. */
function retryDue(state: TextState): boolean {
  const at = state.failure?.retryAt;
  return at != null && at <= new Date().toISOString();
}

/**
 * A failed PDF's textError: the stored reason, and whether and when its text is tried again. "May
 * not be": a time or memory limit met on a busy machine is not the file's fault, but a PDF built to
 * exhaust the parser meets it on every try (the tries are bounded for that).
 */
function failureText(failure: TextFailure | null): string {
  if (!failure) return DAMAGED_PDF;
  if (!failure.error) return NO_REASON;
  if (!failure.attempts) return failure.error;
  const tries = failure.attempts === 1 ? 'one attempt' : `${failure.attempts} attempts`;
  return failure.retryAt
    ? `${failure.error} This may not be the file's fault: its text is extracted again after ${failure.retryAt} (${tries} so far).`
    : `${failure.error} This may not be the file's fault: after ${tries}, its text is extracted again when the server next starts.`;
}

/** One version of a file: the key of its extraction in flight and of a pass's files taken. */
function versionKey(f: IndexedFile): string {
  return `${f.id}:${f.blobOid}`;
}

/** A stream of known length into one buffer of that size (no chunk list, no concatenated copy). */
async function readWhole(stream: Readable, size: number): Promise<Buffer> {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > size) throw new Error('the blob is longer than the index says');
    chunk.copy(out, at);
    at += chunk.length;
  }
  if (at !== size) throw new Error('the blob is shorter than the index says');
  return out;
}

/** expectedVersion omitted = no check, 0 = create only, N = the file's current version must be N. */
function checkExpectedFile(path: string, current: { version: number; live: boolean }, expected: number | undefined): void {
  if (expected === undefined) return;
  const currentVersion = current.live ? current.version : null;
  if (expected === 0 ? current.live : currentVersion !== expected) {
    throw new ConflictError(
      expected === 0 ? `A file already exists at ${path} (version ${currentVersion}); pass its version to replace it.` : `The file ${path} is at version ${currentVersion ?? 'none (it does not exist)'}, not ${expected}. Reload and try again.`,
      'file_conflict',
      { currentVersion },
    );
  }
}

function decodeCursor(cursor: string): string {
  const path = /^[A-Za-z0-9_-]{1,4096}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!path || path.includes('\0') || Buffer.from(path).toString('base64url') !== cursor) {
    throw new BadRequestError('The cursor is not valid; pass back a nextCursor from an earlier reply.', 'invalid_cursor');
  }
  return path;
}
