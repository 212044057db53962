// Where each brain's repository lives: BRAINKEEP_DATA/brains/<brainId>.git, and while the brain
// is in the trash, BRAINKEEP_DATA/trash/<brainId>.git.
import fs from 'node:fs';
import path from 'node:path';
import { BrainRepository } from './git/brainRepository.js';

export class RepoRegistry {
  private readonly repos = new Map<string, BrainRepository>();

  constructor(private readonly dataDir: string, private readonly fsync: boolean) {}

  gitdirOf(brainId: string): string {
    return path.join(this.dataDir, 'brains', `${brainId}.git`);
  }

  get(brainId: string): BrainRepository {
    let repo = this.repos.get(brainId);
    if (!repo) {
      repo = new BrainRepository(this.gitdirOf(brainId), { fsync: this.fsync });
      this.repos.set(brainId, repo);
    }
    return repo;
  }

  /** A brain's packs were rewritten (a repack): its repository's cached pack data is dropped, its cached trees kept. */
  packsChanged(brainId: string): void {
    this.repos.get(brainId)?.packsChanged();
  }

  /** `work` repacks the brain's repository: its reads meanwhile retry a pack that vanished, and its cached pack data is dropped after. */
  rewritingPacks<T>(brainId: string, work: () => Promise<T>): Promise<T> {
    return this.get(brainId).rewritingPacks(work);
  }

  forget(brainId: string): void {
    this.repos.delete(brainId);
  }

  trashGitdirOf(brainId: string): string {
    return path.join(this.dataDir, 'trash', `${brainId}.git`);
  }

  /** Move the brain's repository into the trash folder (one rename, history and all). */
  moveToTrash(brainId: string): void {
    const from = this.gitdirOf(brainId);
    const to = this.trashGitdirOf(brainId);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.rmSync(to, { recursive: true, force: true });
    if (fs.existsSync(from)) fs.renameSync(from, to);
    this.forget(brainId);
  }

  /** Move a trashed repository back; false when the trash does not hold it. */
  restoreFromTrash(brainId: string): boolean {
    const from = this.trashGitdirOf(brainId);
    const to = this.gitdirOf(brainId);
    if (!fs.existsSync(from)) return false;
    if (fs.existsSync(to)) throw new Error(`A repository already exists at ${to}`);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(from, to);
    this.forget(brainId);
    return true;
  }

  /** Remove a trashed repository for good. */
  purgeTrash(brainId: string): void {
    fs.rmSync(this.trashGitdirOf(brainId), { recursive: true, force: true });
    this.forget(brainId);
  }
}
