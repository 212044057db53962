// Where each brain's repository lives: BRAINKEEP_DATA/brains/<brainId>.git.
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

  forget(brainId: string): void {
    this.repos.delete(brainId);
  }
}
