// Where an item may file and where each kind of page goes: the schema's folders, the skill's
// produced folders (with `<key>` filled from the item's partition), the partition's own folder
// as the only root for a partitioned item, and the upload's folder hint (used only when it
// names a folder of the schema; content never chooses its own destination).
import type { BrainSchema } from '../brainSchema.js';
import { skillFolderFor, type SkillDefinition } from './skillFile.js';
import { wordCount } from './text.js';

export interface PlacementScope {
  schema: BrainSchema;
  /** `<partitionFolder>/<key>` for an item of a partition; null otherwise. */
  partitionRoot: string | null;
  partitionKey: string | null;
}

/** The folders under which this item may write (a partitioned item: only its partition). */
export function allowedRoots(scope: PlacementScope, skills: SkillDefinition[]): string[] {
  if (scope.partitionRoot) return [scope.partitionRoot];
  const roots = new Set<string>();
  for (const f of scope.schema.folders) if (!f.path.includes('<key>')) roots.add(f.path);
  for (const s of skills) for (const f of s.produces.folders) if (!f.includes('<key>')) roots.add(f);
  for (const t of scope.schema.entityTypes) if (!t.folder.includes('<key>')) roots.add(t.folder);
  if (!roots.size) roots.add('notes');
  return [...roots];
}

/** Put a folder under the partition root unless it is already there. */
function withinPartition(folder: string, scope: PlacementScope): string {
  if (!scope.partitionRoot) return folder;
  if (folder === scope.partitionRoot || folder.startsWith(`${scope.partitionRoot}/`)) return folder;
  const pf = scope.schema.partitionFolder;
  // `clients/<other>/people` style folders keep only their last part below the partition.
  const rest = pf && folder.startsWith(`${pf}/`) ? folder.split('/').slice(2).join('/') : folder;
  return rest ? `${scope.partitionRoot}/${rest}` : scope.partitionRoot;
}

/**
 * The folder for pages of `entityType` written by `skill`: the skill's produced folder, else the
 * schema's folder for that type, else `fallback`. Null when every candidate needs a partition
 * and the item has none.
 */
export function folderFor(entityType: string, skill: SkillDefinition, scope: PlacementScope, fallback: string): string | null {
  const fromSkill = skillFolderFor(skill, entityType, scope.partitionKey);
  if (typeof fromSkill === 'string') return withinPartition(fromSkill, scope);
  const typed = scope.schema.entityTypes.find((t) => t.name === entityType);
  const candidates = [
    ...(typed ? [typed.folder] : []),
    ...scope.schema.folders.filter((f) => f.entityType === entityType).map((f) => f.path),
  ];
  for (const c of candidates) {
    if (c.includes('<key>')) {
      if (scope.partitionKey) return withinPartition(c.replace(/<key>/g, scope.partitionKey), scope);
      continue;
    }
    return withinPartition(c, scope);
  }
  // Every candidate needed a partition and the item has none.
  if (!scope.partitionKey && (fromSkill === null || candidates.length > 0)) return null;
  return withinPartition(fallback, scope);
}

/** The entity type a schema folder holds, if it says. */
export function entityTypeOfFolder(schema: BrainSchema, folder: string): string | null {
  return schema.folders.find((f) => f.path === folder)?.entityType ?? schema.entityTypes.find((t) => t.folder === folder)?.name ?? null;
}

/** The folder hint, if it names a folder of the schema (or one of its subfolders); otherwise null. */
export function acceptedHint(hint: string | null | undefined, scope: PlacementScope): string | null {
  if (!hint) return null;
  const h = hint.trim().replace(/^\/+|\/+$/g, '');
  if (!h) return null;
  for (const f of scope.schema.folders) {
    const path = scope.partitionKey ? f.path.replace(/<key>/g, scope.partitionKey) : f.path;
    if (path.includes('<key>')) continue;
    if (h === path) return withinPartition(path, scope);
    if (scope.partitionRoot && h === `${scope.partitionRoot}/${path}`) return h;
  }
  return null;
}

const STOP = new Set('the a an and or of to in on for with by at from is are was be this that these those it its as into about one page per their our your what who how'.split(' '));

function keywords(s: string): Set<string> {
  return new Set((s.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(ies|s)$/, (m) => (m === 'ies' ? 'y' : ''))));
}

/**
 * The schema folder whose description fits the text best, by shared keywords (folder name and
 * entity type count double). Returns the note folder when nothing fits clearly.
 */
export function bestFolderFor(text: string, scope: PlacementScope, notesFolder: string): { folder: string; entityType: string | null; score: number } {
  const words = keywords(text.slice(0, 5000));
  let best: { folder: string; entityType: string | null; score: number } = { folder: notesFolder, entityType: entityTypeOfFolder(scope.schema, notesFolder) ?? 'note', score: 0 };
  if (wordCount(text) < 3) return best;
  for (const f of scope.schema.folders) {
    if (f.path.includes('<key>') && !scope.partitionKey) continue;
    const desc = keywords(f.description);
    const name = keywords(`${f.path.split('/').pop()} ${f.entityType ?? ''}`);
    let score = 0;
    for (const w of desc) if (words.has(w)) score += 1;
    for (const w of name) if (words.has(w)) score += 2;
    if (score > best.score + 1 || (score > best.score && best.score > 0)) {
      best = { folder: withinPartition(scope.partitionKey ? f.path.replace(/<key>/g, scope.partitionKey) : f.path, scope), entityType: f.entityType ?? null, score };
    }
  }
  return best.score >= 3 ? best : { folder: notesFolder, entityType: entityTypeOfFolder(scope.schema, notesFolder) ?? 'note', score: 0 };
}
