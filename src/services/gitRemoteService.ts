// Brains as git remotes: who may clone, fetch and push, and what a push does to the brain.
// Clone and fetch stream straight through git upload-pack (see uploadPack.ts; http-backend for
// the ref advertisement and anything unusual). A push is a first-class write:
// its body is spooled first (a slow client never holds the lock), then receive-pack runs
// under the brain's write lock with the pre-receive hook checking every pushed commit against
// the API's rules; once the ref moved, the index catches up with exactly the pushed commits,
// attributed to the pusher, with an audit row — before the client hears "ok", so a read right
// after `git push` already sees the change. Maintenance (gc) repacks each brain under the same
// lock; rolling up a brain's small packs does not take it (see consolidatePacks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { actorRef, SYSTEM_ACTOR, type Actor } from '../domain/actor.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../domain/errors.js';
import type { Role } from '../domain/roles.js';
import { BITMAP_REPACK_MIN_OBJECTS, bitmapCoverage, countObjects, countPacks, gcRepository, needsBitmapRepack, repackWithBitmap, rollUpPacks, type ObjectCounts } from '../storage/git/gitCli.js';
import {
  readAll,
  CorruptGzipError,
  RECEIVE_PACK_REQUEST_TYPE,
  RequestTooLargeError,
  runHttpBackend,
  runReceivePack,
  spoolToTempFile,
  type BackendRequest,
  type BackendResponse,
} from '../storage/git/httpBackend.js';
import { isDirectUploadPack, runUploadPack } from '../storage/git/uploadPack.js';
import { answerReceiveAdvertisement, learnReceiveAdvertisement, type KeptReceiveAdvertisement } from '../storage/git/receiveAdvertisement.js';
import { cleanStaleGateDirs, ensurePreReceiveHook, gatePipesIntact, makeGateDir, openPreReceiveGate, type PreReceiveGate } from '../storage/git/preReceiveGate.js';
import { PackObjectTooLargeError, PackScanner } from '../storage/git/packScanner.js';
import { PushInspector, type BlobReadObserver } from '../storage/git/pushInspector.js';
import { warmGitSpawner } from '../storage/git/gitSpawner.js';
import type { RepoRegistry } from '../storage/repoRegistry.js';
import type { BrainRow } from '../storage/sqlite/brainsRepo.js';
import type { PageChange } from '../storage/sqlite/pageIndexRepo.js';
import type { WritePath } from '../storage/writePath.js';
import type { AccessService } from './accessService.js';
import type { BrainsService } from './brainsService.js';
import { checkPush, parseRefUpdates, PushedObjects, refusalMessage } from './pushCheck.js';

export type GitOperation = 'read' | 'push';
export type { BackendRequest as GitHttpRequest } from '../storage/git/httpBackend.js';

export interface PushResult {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  changes: PageChange[];
}

/** A push body is a pack of the pushed objects; a whole brain imported at once stays far below this. */
export const MAX_PUSH_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * No object of a brain comes near this (pages stop at 5 MB, files at their own cap): a push
 * holding a bigger one is refused on the object's header in the pack, before the rest is read.
 * Objects between the page limit and this reach the pre-receive checks, which name their path.
 */
export const MAX_PACK_OBJECT_BYTES = 64 * 1024 * 1024;

interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

const MAX_KEPT_ADVERTISEMENTS = 10_000;

/** `GET info/refs?service=git-receive-pack` without a Git-Protocol header (as git push asks it): answered by receiveAdvertisement.ts once learnt. */
function isReceiveAdvertisementRequest(req: BackendRequest): boolean {
  return req.method === 'GET' && req.pathInfo === 'info/refs' && new URLSearchParams(req.queryString).get('service') === 'git-receive-pack' && !req.gitProtocol;
}

/** `GET info/refs?service=git-upload-pack` asked in protocol v2 (the Git-Protocol header). */
function isV2CapabilityRequest(req: BackendRequest): boolean {
  return (
    req.method === 'GET' &&
    req.pathInfo === 'info/refs' &&
    new URLSearchParams(req.queryString).get('service') === 'git-upload-pack' &&
    (req.gitProtocol ?? '').split(':').some((p) => p.trim() === 'version=2')
  );
}

function keptResponse(a: KeptAnswer, code = 0): BackendResponse {
  return {
    status: a.status,
    headers: a.headers,
    body: Readable.from([a.body]),
    exited: Promise.resolve({ code, stderr: '' }),
    kill: () => undefined,
  };
}

export class GitRemoteService {
  /** Told of every byte of pushed blob content the push checks read (tests count them). */
  blobReadObserver: BlobReadObserver | null = null;
  /** The roll-up consolidatePacks runs (tests wrap it to watch what happens while it runs). */
  packRollUp: (gitdir: string) => Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> = rollUpPacks;
  /** git http-backend for the requests answered through it (tests wrap it to count the backends started). */
  httpBackend: typeof runHttpBackend = runHttpBackend;
  /** The full repack with a bitmap keepPacksReady runs (tests wrap it to watch what happens while it runs). */
  bitmapRepack: (gitdir: string, spawned?: () => void, counted?: ObjectCounts) => Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> = repackWithBitmap;
  /** The last bitmap repack per brain that failed or left objects outside the bitmap (keepPacksReady backs off). */
  private readonly lastBitmapRepack = new Map<string, { at: number; failed: boolean; outside: number }>();
  /** Protocol v2 capability advertisements by repository (see serve). */
  private readonly capabilityAdvertisements = new Map<string, KeptAnswer>();
  /** What a push's ref advertisement needs besides the ref files, by repository (see serve). */
  private readonly receiveAdvertisements = new Map<string, KeptReceiveAdvertisement>();
  /** The maintenance run in flight (or queued last) per brain. */
  private readonly maintaining = new Map<string, Promise<unknown>>();
  /** The next push's hook pipes, made after the last push ended (see takeGateDir). */
  private spareGateDir: Promise<string> | null = null;
  private closed = false;
  /** Several nodes on one repository volume: a brain's maintenance runs under a lease (useLeases). */
  private leases: { repo: MaintenanceLeases; holder: string } | null = null;

  constructor(
    private readonly access: AccessService,
    private readonly brains: BrainsService,
    private readonly repos: RepoRegistry,
    private readonly writes: WritePath,
    private readonly opts: { dataDir: string; fsync: boolean; maxFileBytes?: number },
  ) {
    cleanStaleGateDirs(os.tmpdir());
  }

  /** Clone and fetch need Read (anyone on a Public brain); push needs Write. */
  authorize(actor: Actor, brainRef: string, op: GitOperation): { brain: BrainRow; role: Role } {
    return this.access.require(actor, brainRef, op === 'push' ? 'Write' : 'Read');
  }

  /** Ref advertisement (for fetch or push) and upload-pack: streamed both ways. */
  async serve(actor: Actor, brain: BrainRow, req: BackendRequest): Promise<BackendResponse> {
    const gitdir = this.repos.gitdirOf(brain.id);
    // Protocol v2's first answer lists the server's capabilities, not its refs (those come from
    // the ls-refs command that follows): the same bytes every time for a repository, so they are
    // kept rather than made by a new http-backend and upload-pack for every clone and fetch.
    const capabilities = isV2CapabilityRequest(req);
    if (capabilities) {
      const kept = this.capabilityAdvertisements.get(gitdir);
      if (kept) return keptResponse(kept);
    }
    // A push's ref advertisement: built from the ref files with the capabilities git gave before.
    const receiveAdvertisement = isReceiveAdvertisementRequest(req);
    if (receiveAdvertisement) {
      const kept = this.receiveAdvertisements.get(gitdir);
      const body = kept ? answerReceiveAdvertisement(gitdir, kept) : null;
      if (kept && body) return keptResponse({ status: 200, headers: kept.headers, body });
    }
    // Fetch and clone POSTs skip the CGI layer: upload-pack directly, and ls-refs from the ref files.
    if (isDirectUploadPack(req)) {
      const direct = await runUploadPack(gitdir, { ...req, remoteUser: actorRef(actor) }, { config: this.backendConfig() });
      if ('response' in direct) return direct.response;
      req = direct.fallback;
    }
    const res = await this.httpBackend(gitdir, { ...req, remoteUser: actorRef(actor) }, { config: this.backendConfig() });
    if (receiveAdvertisement && res.status === 200) return this.learnReceiveAdvertisement(gitdir, res);
    if (!capabilities || res.status !== 200) return res;
    const body = await readAll(res.body);
    const { code } = await res.exited;
    const answer = { status: res.status, headers: res.headers, body };
    if (code === 0 && body.includes('version 2\n') && !body.includes(' refs/')) {
      if (this.capabilityAdvertisements.size >= MAX_KEPT_ADVERTISEMENTS) this.capabilityAdvertisements.clear();
      this.capabilityAdvertisements.set(gitdir, answer);
    }
    return keptResponse(answer, code);
  }

  /** git's answer to a push's ref advertisement, passed on; what the next ones need is kept when building it here gives the same bytes. */
  private async learnReceiveAdvertisement(gitdir: string, res: BackendResponse): Promise<BackendResponse> {
    const body = await readAll(res.body);
    const { code } = await res.exited;
    const learnt = code === 0 ? learnReceiveAdvertisement(gitdir, res.headers, body) : null;
    if (learnt) {
      if (this.receiveAdvertisements.size >= MAX_KEPT_ADVERTISEMENTS) this.receiveAdvertisements.clear();
      this.receiveAdvertisements.set(gitdir, learnt);
    }
    return keptResponse({ status: res.status, headers: res.headers, body }, code);
  }

  /** receive-pack: checked by the pre-receive hook, under the brain's lock, indexed as `actor`. */
  async receivePack(actor: Actor, access: { brain: BrainRow; role: Role }, req: BackendRequest): Promise<PushResult> {
    const brainId = access.brain.id;
    if (req.body == null || 'file' in req.body) throw new Error('receivePack takes the request body as a stream');
    // A gzip body is inflated while it spools, so the limits below see the bytes git will; any
    // other encoding is refused before anything is read or changed.
    if (req.contentType !== RECEIVE_PACK_REQUEST_TYPE) throw new UnsupportedMediaTypeError(`A push body must be of type ${RECEIVE_PACK_REQUEST_TYPE}.`);
    const encoding = (req.contentEncoding ?? '').trim().toLowerCase();
    const gunzip = encoding === 'gzip' || encoding === 'x-gzip';
    if (!gunzip && encoding !== '' && encoding !== 'identity') {
      throw new UnsupportedMediaTypeError(`A push body may be sent as is or gzip-encoded, not with Content-Encoding "${req.contentEncoding}".`);
    }
    const hooksDir = path.join(this.opts.dataDir, 'git-hooks');
    ensurePreReceiveHook(hooksDir);
    // What the checks read (diffs, blobs) the index takes instead of reading them again.
    const pushed = new PushedObjects();
    // The hook's pipes, in a private folder of their own: made ahead by the push before (making
    // them starts a process, which took longer than spooling a small push's body), else now while
    // the body arrives.
    const gateDir = this.takeGateDir();
    const opening = gateDir.then((dir) => openPreReceiveGate(dir, async (hook) => {
      const problems = await checkPush(new PushInspector({ cwd: hook.cwd, env: hook.env }, this.blobReadObserver), parseRefUpdates(hook.updates), access.role, pushed, this.opts.maxFileBytes);
      if (problems.length) return { ok: false, message: refusalMessage(problems) };
      // The pages' derivation starts while receive-pack moves the ref (only the catch-up indexes them),
      // with the link rules of the head the push starts from (read into the cache first: a push that
      // changes .brain/ is not derived early, so they are the pushed head's too). Only a head start:
      // should it fail, the catch-up derives, and the push is not refused for it.
      try {
        await this.brains.schemaOf(brainId);
        pushed.deriveEarly((entries) => this.writes.deriveAhead(brainId, entries), () => this.brains.relationRulesOf(brainId));
      } catch {
        // The catch-up reads the schema and derives the pages itself.
      }
      return { ok: true, message: '' };
    }));
    opening.catch(() => undefined); // awaited below, after the spool
    let gate: PreReceiveGate | null = null;
    let spooled: Awaited<ReturnType<typeof spoolToTempFile>> | null = null;
    try {
      try {
        // The pack's object headers are read as it arrives (inflated, for a gzip body): an object far
        // over any limit ends the upload there, and MAX_PUSH_BYTES counts the inflated bytes.
        // A pack of as many objects as a large import has pages (a whole vault) starts the thread that
        // derives the pages' index data now, so that its start-up overlaps the upload and not the index.
        const scanner = new PackScanner(MAX_PACK_OBJECT_BYTES, (objects) => {
          try {
            this.writes.prepareBulk(objects);
          } catch {
            // Only a head start: the catch-up starts the thread itself, or derives inline.
          }
        });
        spooled = await spoolToTempFile(req.body, MAX_PUSH_BYTES, (chunk) => scanner.push(chunk), { gunzip });
      } catch (e) {
        if (e instanceof CorruptGzipError) throw new BadRequestError(`The push body is not valid gzip: ${e.message}.`, 'bad_gzip');
        if (e instanceof RequestTooLargeError) throw new PayloadTooLargeError(`A push may carry at most ${MAX_PUSH_BYTES} bytes.`, MAX_PUSH_BYTES);
        if (e instanceof PackObjectTooLargeError) throw new PayloadTooLargeError(`Brainkeep refused this push: ${e.message}.`, e.limit);
        throw e;
      }
      gate = await opening;
      const pack = spooled;
      const hookEnv = gate.env;
      const { result, changes } = await this.writes.runExternal(
        brainId,
        actor,
        (from, to, pageChanges) => ({ action: 'git.push', target: 'refs/heads/main', detail: { from, to, pages: pageChanges.length } }),
        async () => {
          // The spool holds the inflated body: receive-pack reads it as is.
          const spooledReq: BackendRequest = { ...req, body: { file: pack.file }, contentLength: pack.bytes, contentEncoding: undefined, remoteUser: actorRef(actor) };
          // receive.maxInputSize: git's own cap on what it reads, a backstop behind the spool's count.
          // core.alternateRefsCommand: inside receive-pack's quarantine the repository's own object
          // folder is an "alternate", so its connectivity check (`rev-list --alternate-refs`) started
          // a `git for-each-ref` on the repository to list the refs `--all` already names: a process
          // start per push for nothing. `exit 0` lists none (through sh, which the hook needs anyway).
          const config = { ...this.backendConfig(), 'core.hooksPath': hooksDir, 'receive.maxInputSize': String(MAX_PUSH_BYTES), 'core.alternateRefsCommand': 'exit 0' };
          // receive-pack directly, as http-backend would run it.
          const res = await runReceivePack(this.repos.gitdirOf(brainId), spooledReq, { config, env: hookEnv });
          // receive-pack's answer is a short status report: hold it until the index caught up.
          const body = await readAll(res.body);
          await res.exited;
          // The schema may have changed with the push: refresh the cache before the index reads it.
          // A push that leaves .brain/ alone carries the cached schema over (no read of the new head).
          const net = pushed.net;
          if (net && res.status === 200) this.brains.noteCommit(brainId, net.from, net.to, net.paths);
          await this.brains.schemaOf(brainId);
          return { status: res.status, headers: res.headers, body };
        },
        pushed,
      );
      return { status: result.status, headers: result.headers, body: result.body, changes };
    } finally {
      // The gate opened or failed by now, or is awaited here (a spool failure came first).
      pushed.close();
      gate ??= await opening.catch(() => null);
      await gate?.close();
      spooled?.remove();
      const dir = await gateDir.catch(() => null);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      this.prepareGateDir();
    }
  }

  /**
   * The pipes' folder for a push starting now: the one made ahead when it was made and both its
   * pipes are still there (a temp cleaner may have removed an old one: systemd-tmpfiles, tmpreaper),
   * else a new one. A spare that failed (a full disk then) is not the next push's failure.
   */
  private async takeGateDir(): Promise<string> {
    const spare = this.spareGateDir;
    this.spareGateDir = null;
    const dir = await spare?.catch(() => null);
    if (dir) {
      if (gatePipesIntact(dir)) return dir;
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return makeGateDir(os.tmpdir());
  }

  /** Make the next push's pipes now (after a push ended), unless some are ready or the service closed. */
  private prepareGateDir(): void {
    if (this.spareGateDir || this.closed) return;
    const made = makeGateDir(os.tmpdir());
    made.catch(() => undefined); // the push that takes it sees the failure
    this.spareGateDir = made;
  }

  /** Remove the pipes made ahead (the server stops). */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spareGateDir;
    this.spareGateDir = null;
    const dir = await spare?.catch(() => null);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }

  /**
   * Repack one brain's repository under its write lock (`auto`: only when git's thresholds say
   * so). Readers need no lock: git serves clones throughout, and our own reads find objects
   * in the new pack once the loose copies are gone.
   */
  async maintain(brainId: string, opts: { auto: boolean }): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
    return this.underMaintenance(brainId, { writeLock: true }, (gitdir) => gcRepository(gitdir, opts));
  }

  /**
   * One maintenance run per brain at a time (nightly pass, pack roll-up, CLI): a second one starts
   * after the first, not beside it, even while the first waits for the write lock. `writeLock`: gc
   * packs refs and prunes, so it runs under the brain's write lock; a roll-up only adds a pack and
   * deletes the packs it holds, so writes go on beside it. Either way our reads meanwhile retry a
   * pack that vanished under them, and the cached pack data is dropped afterwards (the trees cached
   * by oid stay valid).
   */
  private async underMaintenance(brainId: string, opts: { writeLock: boolean }, work: (gitdir: string) => Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }>): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
    const previous = this.maintaining.get(brainId);
    const run = (async () => {
      await previous?.catch(() => undefined);
      const repack = () => this.repos.rewritingPacks(brainId, () => work(this.repos.gitdirOf(brainId)));
      return this.underLease(brainId, () => (opts.writeLock ? this.writes.locks.run(brainId, repack) : repack()));
    })();
    this.maintaining.set(brainId, run);
    try {
      return await run;
    } finally {
      if (this.maintaining.get(brainId) === run) this.maintaining.delete(brainId);
    }
  }

  /**
   * With several nodes on one repository volume (PostgreSQL), a brain's packs are rewritten by one
   * node at a time: two repacks of one repository at once could each delete packs the other is
   * merging. `leases` (leaseRepo) holds `git-maintenance:<brainId>` for `holder` while a run lasts.
   */
  useLeases(leases: MaintenanceLeases, holder: string): void {
    this.leases = leases.shared ? { repo: leases, holder } : null;
  }

  /** `work` under the brain's maintenance lease; when another node holds it, nothing runs (`ran` false). */
  private async underLease(brainId: string, work: () => Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }>): Promise<{ ran: boolean; before: ObjectCounts; after: ObjectCounts }> {
    const l = this.leases;
    if (!l) return work();
    const name = maintenanceLeaseName(brainId);
    if (!l.repo.acquire(name, l.holder, MAINTENANCE_LEASE_MS)) {
      const counts = await countObjects(this.repos.gitdirOf(brainId));
      return { ran: false, before: counts, after: counts };
    }
    // Renewed while the run lasts (a gc of a large history can outlast one lease).
    const renew = setInterval(() => {
      try {
        l.repo.acquire(name, l.holder, MAINTENANCE_LEASE_MS);
      } catch {
        // The next renewal tries again; the run itself does not depend on it.
      }
    }, MAINTENANCE_LEASE_MS / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      try {
        l.repo.release(name, l.holder);
      } catch {
        // Expires by itself.
      }
    }
  }

  /**
   * Roll a brain's small packs up once it holds more than `limit` (group commits and imports write
   * one pack each; see objectWriter.ts): a geometric repack, whose cost is the packs it merges and
   * not the whole history. It holds no write lock: writes land and are answered while it runs.
   * That is safe because git chooses the packs to merge when it starts and deletes only those, after
   * the merged pack is in place (`repack -d --geometric`); a pack or loose object a commit writes
   * meanwhile is not among them, and `prune-packed` drops only loose objects that are also in a
   * pack, so every object a ref can reach stays on disk throughout, also after a kill -9 (a dead
   * repack leaves at most a temporary file). A brain with a maintenance run in flight is left to
   * it. `ran` says whether a repack happened.
   */
  async consolidatePacks(brainId: string, limit: number): Promise<{ ran: boolean; packs: number }> {
    const packs = await countPacks(this.repos.gitdirOf(brainId));
    if (packs <= limit || this.maintaining.has(brainId)) return { ran: false, packs };
    const result = await this.underMaintenance(brainId, { writeLock: false }, (gitdir) => this.packRollUp(gitdir));
    return { ran: result.ran, packs: result.after.packs };
  }

  /**
   * Start the process that starts git for this one (gitSpawner) now, ahead of a keepPacksReady soon
   * (the CLI's import, while it reads the files): its start took longer than the repack's checks.
   */
  prepareMaintenance(): void {
    void warmGitSpawner().catch(() => undefined);
  }

  /**
   * Keep a brain's packs as clones want them, after a commit, an import or a push: when the objects
   * a clone would have to walk outside the reachability bitmap are many (an import or a large push
   * lands as one pack without a bitmap; see needsBitmapRepack), everything goes into one pack with
   * a fresh bitmap; otherwise, past `packLimit` packs (0: no limit), the small packs are rolled up.
   * Neither holds the write lock (see repackWithBitmap and consolidatePacks); a brain with a
   * maintenance run in flight is left to it. `ran` says which repack happened.
   * `started` is told (perhaps twice) once the bitmap repack's git runs, or once it is clear none will (at the
   * latest when this ends): a caller with work of its own (the CLI's import, whose index transaction
   * holds its thread for seconds) starts it then, and the repack runs beside it.
   */
  async keepPacksReady(brainId: string, packLimit: number, opts: { started?: () => void } = {}): Promise<{ ran: 'bitmap' | 'roll-up' | null; packs: number }> {
    try {
      return await this.keepPacksReadyTold(brainId, packLimit, opts.started ?? (() => undefined));
    } finally {
      opts.started?.();
    }
  }

  private async keepPacksReadyTold(brainId: string, packLimit: number, started: () => void): Promise<{ ran: 'bitmap' | 'roll-up' | null; packs: number }> {
    const gitdir = this.repos.gitdirOf(brainId);
    if (this.maintaining.has(brainId)) return { ran: null, packs: await countPacks(gitdir) };
    const coverage = await bitmapCoverage(gitdir);
    const last = this.lastBitmapRepack.get(brainId);
    // After a failure (a full disk), wait an hour; after a run that left objects outside (another
    // process wrote meanwhile, a pack git keeps), wait until as many again have been added.
    const backOff = last && (last.failed ? Date.now() - last.at < BITMAP_RETRY_MS : coverage.outside < last.outside + BITMAP_REPACK_MIN_OBJECTS);
    if (needsBitmapRepack(coverage) && !backOff) {
      try {
        const r = await this.underMaintenance(brainId, { writeLock: false }, (dir) => this.bitmapRepack(dir, started, coverage.counts));
        const after = await bitmapCoverage(gitdir);
        if (after.outside > 0) this.lastBitmapRepack.set(brainId, { at: Date.now(), failed: false, outside: after.outside });
        else this.lastBitmapRepack.delete(brainId);
        return { ran: r.ran ? 'bitmap' : null, packs: r.after.packs };
      } catch (e) {
        this.lastBitmapRepack.set(brainId, { at: Date.now(), failed: true, outside: coverage.outside });
        throw e;
      }
    }
    started();
    if (packLimit <= 0) return { ran: null, packs: coverage.packs };
    const r = await this.consolidatePacks(brainId, packLimit);
    return { ran: r.ran ? 'roll-up' : null, packs: r.packs };
  }

  /** Every brain, one at a time; a failing brain does not stop the others. */
  async maintainAll(opts: { auto: boolean }): Promise<Array<{ brainId: string; ran: boolean; error?: string }>> {
    const out: Array<{ brainId: string; ran: boolean; error?: string }> = [];
    for (const { brain } of this.access.visibleBrains(SYSTEM_ACTOR)) {
      try {
        out.push({ brainId: brain.id, ran: (await this.maintain(brain.id, opts)).ran });
      } catch (e) {
        out.push({ brainId: brain.id, ran: false, error: (e as Error).message });
      }
    }
    return out;
  }

  /** Settings for every request, as command-line config so no user or system config can undo them. */
  private backendConfig(): Record<string, string> {
    return {
      'http.receivepack': 'true',
      'http.getanyfile': 'false',
      'receive.denyNonFastForwards': 'true',
      'receive.denyDeletes': 'true',
      'receive.fsckObjects': 'true',
      // Repacking happens in the maintenance job under the brain's lock, never behind our back.
      'receive.autogc': 'false',
      'uploadpack.allowFilter': 'true',
      'core.fsync': this.opts.fsync ? 'committed' : 'none',
    };
  }
}

/** What maintenance needs of leaseRepo. */
export interface MaintenanceLeases {
  readonly shared: boolean;
  acquire(name: string, holder: string, ttlMs: number): boolean;
  release(name: string, holder: string): void;
}

/** How long after a failed bitmap repack (a full disk) a brain's pack check tries again. */
const BITMAP_RETRY_MS = 60 * 60_000;

/** How long a maintenance lease lasts between renewals (a third of it apart). */
const MAINTENANCE_LEASE_MS = 5 * 60_000;

/** The lease under which one node at a time rewrites a brain's packs. */
export function maintenanceLeaseName(brainId: string): string {
  return `git-maintenance:${brainId}`;
}
