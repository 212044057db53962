// A brain's configuration under `.brain/` (schema.json and the four skill files), read from its
// repository and kept per commit: the one cache of it. Services read it through here; the index
// asks it for the partition folder and the link typing rules as it applies a commit, so storage
// never calls up into a service for them.
import { EMPTY_SCHEMA, parseBrainSchema, relationRulesOf, type BrainSchema } from '../../domain/brainSchema.js';
import { defaultSkill, parseSkillFile, skillFilePath, type SkillDefinition } from '../../domain/filing/skillFile.js';
import type { RelationRules } from '../../domain/relations/relations.js';
import { SKILLS, type SkillName } from '../../domain/skills.js';
import type { RepoRegistry } from '../repoRegistry.js';

export type BrainSkills = Record<SkillName, SkillDefinition>;

interface Entry {
  /** The commit the values were read at (null: an empty repository). */
  commit: string | null;
  schema: BrainSchema;
  rules: RelationRules | null;
  /** Read on first use (only filing needs them). */
  skills: BrainSkills | null;
}

/** Commits a brain's chain of noted commits keeps (each names its base); older ones are dropped. */
const NOTED_MAX = 256;

export class BrainConfigCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * By brain: commit -> base, for this process's latest commits that left `.brain/` alone, in the
   * order they were made. A read that was in flight while commits landed stores its entry at an
   * older commit; the chain carries it to the head instead of reading `.brain/` again (under a
   * steady write load the read never caught up and every request read schema.json from git).
   */
  private readonly noted = new Map<string, Map<string | null, string | null>>();

  constructor(private readonly repos: RepoRegistry) {}

  /** The brain's parsed schema at its head. */
  async schemaOf(brainId: string): Promise<BrainSchema> {
    return (await this.atHead(brainId)).schema;
  }

  /** The brain's four filing skills at its head (an edited file takes effect on the next read). */
  async skillsOf(brainId: string): Promise<BrainSkills> {
    const entry = await this.atHead(brainId);
    if (entry.skills) return entry.skills;
    const repo = this.repos.get(brainId);
    const skills = {} as BrainSkills;
    for (const name of SKILLS) {
      const buf = await repo.readFile(skillFilePath(name), entry.commit);
      skills[name] = buf ? parseSkillFile(name, buf.toString('utf8')) : defaultSkill(name);
    }
    // Kept only while the entry is still the current one (a commit may have moved it meanwhile).
    if (this.entries.get(brainId) === entry) entry.skills = skills;
    return skills;
  }

  /** Drop what was read of a brain (its repository moved: deleted to the trash or restored). */
  forget(brainId: string): void {
    this.entries.delete(brainId);
    this.noted.delete(brainId);
  }

  /** Brains with a cached entry (a node re-reads them after missing other nodes' changes). */
  cachedBrains(): string[] {
    return [...this.entries.keys()];
  }

  /** The schema last read (warmed by `schemaOf`); null before the first read. */
  cachedSchema(brainId: string): BrainSchema | null {
    return this.entries.get(brainId)?.schema ?? null;
  }

  /** The cached schema's partition folder, for the index (warmed by `schemaOf`). */
  partitionFolderOf(brainId: string): string | null {
    return this.entries.get(brainId)?.schema.partitionFolder ?? null;
  }

  /** The cached schema's link typing rules, for the index (warmed by `schemaOf`); null: the default cue table. */
  relationRulesOf(brainId: string): RelationRules | null {
    return this.entries.get(brainId)?.rules ?? null;
  }

  /**
   * `commit` was made on top of `base` and wrote only `paths`. When none of them is under
   * `.brain/`, what was read at `base` holds at `commit` too: carried over instead of read from
   * git again after every write (the read dominated a filed item's cost). With `landed: false` the
   * commit is about to move the branch (it may never land): only the chain learns it, so a read
   * that sees the ref move before the commit is told as landed is carried over too.
   */
  noteCommit(brainId: string, base: string | null, commit: string, paths: string[], opts: { landed?: boolean } = {}): void {
    if (base == null || paths.some((p) => p.startsWith('.brain/'))) {
      this.noted.delete(brainId);
      return;
    }
    let chain = this.noted.get(brainId);
    if (!chain) this.noted.set(brainId, (chain = new Map()));
    chain.set(commit, base);
    if (chain.size > NOTED_MAX) chain.delete(chain.keys().next().value!);
    if (opts.landed === false) return;
    const cached = this.entries.get(brainId);
    if (cached && cached.commit === base) this.entries.set(brainId, { ...cached, commit });
  }

  /** Whether `to` is `from` or reached from it through commits noted as leaving `.brain/` alone. */
  private reaches(brainId: string, from: string | null, to: string | null): boolean {
    if (from === to) return true;
    const chain = this.noted.get(brainId);
    let at = from;
    for (let steps = 0; chain && at != null && steps < NOTED_MAX && chain.has(at); steps++) {
      at = chain.get(at)!;
      if (at === to) return true;
    }
    return false;
  }

  /** The cached entry, carried to `head` when every commit since its own was noted as leaving `.brain/` alone. */
  private carried(brainId: string, head: string | null): Entry | null {
    const cached = this.entries.get(brainId);
    if (!cached || !this.reaches(brainId, head, cached.commit)) return null;
    if (cached.commit === head) return cached;
    const entry = { ...cached, commit: head };
    this.entries.set(brainId, entry);
    return entry;
  }

  private async atHead(brainId: string): Promise<Entry> {
    const repo = this.repos.get(brainId);
    const head = repo.head();
    const carried = this.carried(brainId, head);
    if (carried) return carried;
    const cached = this.entries.get(brainId);
    const buf = await repo.readFile('.brain/schema.json', head);
    let schema = EMPTY_SCHEMA;
    if (buf) {
      try {
        schema = parseBrainSchema(buf.toString('utf8'));
      } catch {
        schema = cached?.schema ?? EMPTY_SCHEMA; // writes validate; keep serving the last good one
      }
    }
    const entry: Entry = { commit: head, schema, rules: relationRulesOf(schema), skills: null };
    // A read that finished after a newer entry was stored (a later read, commits carrying it on) does not set the cache back.
    const now = this.entries.get(brainId);
    if (now && now !== cached && this.reaches(brainId, now.commit, head)) return now;
    this.entries.set(brainId, entry);
    return entry;
  }
}
