// The checks a git push must pass before its ref moves: the domain's push rules applied to
// what the push holds, read from receive-pack's quarantine. Returns the problems found (none:
// accept). Per commit against its first parent for paths, modes, sizes and content (what the
// index will see, commit by commit); on the net change for the .brain/ role, so a Write user
// may push a merge that brings in an Admin's API edit of .brain/. Cheap checks come first
// (refs, messages, paths, modes, sizes from object headers); blob contents are read only when
// those pass, one blob at a time, and the first problem in them ends the reading.
import { isBrainConfigPath } from '../domain/paths.js';
import {
  SCHEMA_PATH,
  MAX_PUSHED_FILE_BYTES,
  ZERO_OID,
  brainDirProblem,
  contentProblem,
  messageProblem,
  modeProblem,
  nonFastForwardProblem,
  pathProblem,
  refUpdateProblem,
  roleProblem,
  sizeProblem,
  type RefUpdate,
} from '../domain/pushRules.js';
import type { Role } from '../domain/roles.js';
import { EMPTY_TREE, type PushInspector } from '../storage/git/pushInspector.js';

const MAX_SHOWN = 20;

export function parseRefUpdates(text: string): RefUpdate[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [oldOid = '', newOid = '', ref = ''] = line.split(' ');
      return { oldOid, newOid, ref };
    });
}

export async function checkPush(git: PushInspector, updates: RefUpdate[], role: Role): Promise<string[]> {
  const rp = roleProblem(role);
  if (rp) return [rp];
  const problems: string[] = [];
  for (const u of updates) {
    await checkUpdate(git, u, role, problems);
    if (problems.length) break; // one reason is enough to refuse: read no further
  }
  return [...new Set(problems)];
}

async function checkUpdate(git: PushInspector, u: RefUpdate, role: Role, problems: string[]): Promise<void> {
  const refProblem = refUpdateProblem(u);
  if (refProblem) return void problems.push(refProblem);
  if (u.oldOid !== ZERO_OID && !(await git.isAncestor(u.oldOid, u.newOid))) return void problems.push(nonFastForwardProblem(u.ref));

  const blobPaths = new Map<string, string>(); // blob oid -> a path it was pushed at
  const checked = new Set<string>();
  const refused = new Set<string>();
  for (const c of await git.newCommits(u.newOid)) {
    const msg = messageProblem(c.oid, await git.commitMessage(c.oid));
    if (msg) problems.push(msg);
    for (const f of await git.changedFiles(c.parents[0] ?? EMPTY_TREE, c.oid)) {
      if (f.deleted) continue;
      const key = `${f.path}\u0000${f.mode}`;
      if (!checked.has(key)) {
        checked.add(key);
        const problem = f.utf8 ? (modeProblem(f.path, f.mode) ?? pathProblem(f.path)) : `${f.path}: the file name is not valid UTF-8`;
        if (problem) {
          problems.push(problem);
          refused.add(key);
        }
      }
      if (!refused.has(key) && !blobPaths.has(f.oid)) blobPaths.set(f.oid, f.path);
    }
  }

  const base = u.oldOid === ZERO_OID ? EMPTY_TREE : u.oldOid;
  const brainPaths = (await git.changedFiles(base, u.newOid)).map((f) => f.path).filter(isBrainConfigPath);
  const brainDir = brainDirProblem(role, brainPaths);
  if (brainDir) problems.push(brainDir);
  if (u.oldOid !== ZERO_OID && (await git.hasFile(u.oldOid, SCHEMA_PATH)) && !(await git.hasFile(u.newOid, SCHEMA_PATH))) {
    problems.push(`${SCHEMA_PATH}: the brain's schema cannot be deleted`);
  }

  // Sizes from the object headers: nothing over the limit is ever read.
  const sizes = await git.blobSizes([...blobPaths.keys()]);
  for (const [oid, path] of blobPaths) {
    const problem = sizeProblem(path, sizes.get(oid) ?? 0);
    if (problem) problems.push(problem);
  }
  // Refuse early: a push already refused is not read any further. Otherwise the contents stream
  // one blob at a time, and the first bad one ends the reading.
  if (problems.length) return;
  await git.eachBlob([...blobPaths.keys()], MAX_PUSHED_FILE_BYTES, (oid, content) => {
    const problem = contentProblem(blobPaths.get(oid)!, content);
    if (!problem) return true;
    problems.push(problem);
    return false;
  });
}

/** What the client prints (as `remote:` lines) when a push is refused. */
export function refusalMessage(problems: string[]): string {
  const lines = ['Brainkeep refused this push; nothing was changed:'];
  for (const p of problems.slice(0, MAX_SHOWN)) lines.push(`  - ${p}`);
  if (problems.length > MAX_SHOWN) lines.push(`  ... and ${problems.length - MAX_SHOWN} more`);
  lines.push('Fix the commits (for example with git commit --amend or git rebase -i) and push again.');
  return `${lines.join('\n')}\n`;
}
