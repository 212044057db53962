// The one resolution order, as SQL, shared by link indexing (LinkGraphRepo), graph/resolve, the
// web app (through GraphService) and the migration that re-keyed existing indexes. A link's key
// (domain/pageRefs.ts) is `<ns><folded>\u001f<exact>`; the candidates are every page key with
// the same folded half (one index range), ranked:
//   0 exact path (or a root page's file name), 1 exact file name, 2 exact title (or, for a path,
//   a path suffix), 3 folded (accents, punctuation), 4 alias, 5 folded alias;
// ties go to a page in the linking page's folder, then in its top folder, then the shortest path,
// then the path. Written with plain SQL functions, so any connection (and the migration) gets
// the same answer.

/** `keyExpr`: the link's key; `fromExpr`: the linking page's path ('' when none). */
export function resolveSql(keyExpr: string, fromExpr: string, brainExpr: string): string {
  const fold = `substr(${keyExpr}, 1, instr(${keyExpr}, char(31)))`;
  const foldEnd = `substr(${keyExpr}, 1, instr(${keyExpr}, char(31)) - 1) || char(32)`;
  const folder = (p: string) => `rtrim(${p}, replace(${p}, '/', ''))`;
  const top = (p: string) => `substr(${p}, 1, instr(${p}, '/'))`;
  return `SELECT k.path FROM search_page_keys k
    WHERE k.brain_id = ${brainExpr} AND k.key >= ${fold} AND k.key < ${foldEnd}
    ORDER BY CASE WHEN k.key = ${keyExpr} THEN k.kind WHEN k.kind = 4 THEN 5 ELSE 3 END,
      ${folder('k.path')} = ${folder(fromExpr)} DESC, ${top('k.path')} = ${top(fromExpr)} DESC,
      length(k.path), k.path
    LIMIT 1`;
}

/** A link row's target, from inside an UPDATE/SELECT over search_links. */
export const RESOLVE_LINK_ROW = resolveSql('search_links.target_key', 'search_links.from_path', '@brainId');

/**
 * Re-resolve every link of a brain whose key shares a folded half with one of `@folds` (JSON list of
 * prefixes), resolving each once and writing only the links whose answer changed. CROSS JOIN keeps
 * the prefix list outside: the other way round the planner walks every link of the brain once per
 * prefix.
 */
export const RETARGET_SQL = `WITH r AS MATERIALIZED (
    SELECT l.id AS id, l.to_path AS old, (${resolveSql('l.target_key', 'l.from_path', '@brainId')}) AS p
    FROM json_each(@folds) f CROSS JOIN search_links l
      ON l.brain_id = @brainId AND l.target_key >= f.value AND l.target_key < substr(f.value, 1, length(f.value) - 1) || char(32))
  UPDATE search_links SET to_path = r.p FROM r WHERE search_links.id = r.id AND r.old IS NOT r.p`;
