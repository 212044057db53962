// Composition root: storage → services. Adapters (HTTP, MCP, CLI, jobs) receive the container.
import fs from 'node:fs';
import type { Config } from './config.js';
import { databaseFile, openDatabase, type Db } from './storage/sqlite/database.js';
import { AuditRepo } from './storage/sqlite/auditRepo.js';
import { BrainsRepo } from './storage/sqlite/brainsRepo.js';
import { IdentityRepo } from './storage/sqlite/identityRepo.js';
import { PageIndexRepo } from './storage/sqlite/pageIndexRepo.js';
import { RepoRegistry } from './storage/repoRegistry.js';
import { WritePath } from './storage/writePath.js';
import { AccessService } from './services/accessService.js';
import { BrainsService } from './services/brainsService.js';
import { IdentityService } from './services/identityService.js';
import { PagesService } from './services/pagesService.js';

export interface Container {
  config: Config;
  db: Db;
  repos: RepoRegistry;
  audit: AuditRepo;
  brainsRepo: BrainsRepo;
  identityRepo: IdentityRepo;
  pageIndex: PageIndexRepo;
  writes: WritePath;
  access: AccessService;
  identity: IdentityService;
  brains: BrainsService;
  pages: PagesService;
  /** Finish pending writes, catch every brain's index up with its repository. */
  recover(): Promise<{ finished: number; discarded: number }>;
  close(): Promise<void>;
}

export function buildContainer(config: Config): Container {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(databaseFile(config.dataDir), { synchronous: config.fsync ? 'FULL' : 'NORMAL' });
  const repos = new RepoRegistry(config.dataDir, config.fsync);
  const audit = new AuditRepo(db);
  const brainsRepo = new BrainsRepo(db);
  const identityRepo = new IdentityRepo(db);
  let brainsService: BrainsService | null = null;
  const pageIndex = new PageIndexRepo(db, (brainId) => brainsService?.partitionFolderOf(brainId) ?? null);
  const writes = new WritePath(db, repos, pageIndex, audit);
  const access = new AccessService(brainsRepo);
  const identity = new IdentityService(identityRepo, audit);
  const brains = (brainsService = new BrainsService(brainsRepo, repos, writes, access, audit));
  const pages = new PagesService(access, brains, pageIndex, writes);

  let closed = false;
  return {
    config,
    db,
    repos,
    audit,
    brainsRepo,
    identityRepo,
    pageIndex,
    writes,
    access,
    identity,
    brains,
    pages,
    async recover() {
      const ids = brainsRepo.all().map((b) => b.id);
      for (const id of ids) await brains.schemaOf(id);
      return writes.recover(ids);
    },
    async close() {
      if (closed) return;
      closed = true;
      await writes.locks.drain();
      db.close();
    },
  };
}
