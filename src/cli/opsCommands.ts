// Operator commands for backups and health: backup, restore, doctor. Human progress goes to
// stderr; stdout carries only the value (the backup folder, the data folder, the doctor report).
// The backup service is loaded by the commands that use it: registering them (every command's
// start, `--help`) must not load it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DoctorReport } from '../services/backupService.js';
import type { ClusterReport } from '../services/clusterService.js';
import { UsageError, command } from './main.js';

function oneFolder(args: string[], extra: Record<string, { type: 'boolean' }> = {}): { dir: string; values: Record<string, boolean | undefined> } {
  const { values, positionals } = parseArgs({ args, options: extra, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('exactly one folder is required');
  return { dir: path.resolve(positionals[0]!), values: values as Record<string, boolean | undefined> };
}

command('backup', 'backup DIR', async (args, { io, container }) => {
  const { dir } = oneFolder(args);
  const manifest = await container().backups.backup(dir, (l) => io.err(l));
  io.err(`backup complete: ${manifest.brains.length} brains, ${manifest.files.length} files`);
  io.out(dir);
});

command('restore', 'restore DIR   (into an empty BRAINKEEP_DATA)', async (args, { io, config, container }) => {
  const { dir } = oneFolder(args);
  const { restoreIntoDataDir } = await import('../services/backupService.js');
  // Nothing may open (and so create) the database before the files are in place.
  const manifest = await restoreIntoDataDir(dir, config.dataDir, (l) => io.err(l));
  const c = container();
  await c.backups.finishRestore(manifest, () => c.recover(), (l) => io.err(l));
  io.err(`restore complete into ${config.dataDir}`);
  io.out(config.dataDir);
});

command('doctor', 'doctor [--repair]', async (args, { io, container }) => {
  const { values } = parseArgs({ args, options: { repair: { type: 'boolean' } }, allowPositionals: false, strict: true });
  const { BackupError, describeHealth } = await import('../services/backupService.js');
  const c = container();
  const repair = values.repair === true;
  const report = await c.backups.doctor({ repair }, (l) => io.err(l));
  io.out(renderDoctor(report, describeHealth));
  // Several nodes on PostgreSQL: the same volume, the same database, the clocks, the nodes seen.
  const cluster = c.cluster.check();
  if (cluster) io.out(renderCluster(cluster).join('\n'));
  const clusterProblems = cluster?.findings.filter((f) => f.level === 'problem').length ?? 0;
  const unrepaired = report.findings.filter((f) => !(repair && f.repairable));
  if (repair && report.repaired.length) {
    // Prove the repair: a second pass must find nothing the index could still be blamed for.
    const again = await c.backups.doctor({ repair: false });
    const left = again.findings.filter((f) => f.repairable);
    if (left.length) throw new BackupError(`the repair left ${left.length} index difference(s)`);
  }
  if (clusterProblems) throw new BackupError(`${clusterProblems} multi-node problem(s) found${unrepaired.length ? ` and ${unrepaired.length} other problem(s)` : ''}`);
  if (unrepaired.length) throw new BackupError(`${unrepaired.length} problem(s) found${repair ? ' that a repair of the index cannot fix' : '; run `brainkeep doctor --repair` to correct the index, or `brainkeep reindex --full` to rebuild it'}`);
});

const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/**
 * The storage part of the report: what takes the space, largest first, and the ratio to the markdown.
 * Free pages and the WAL are SQLite's files; PostgreSQL's database size is the server's (its free
 * space and WAL are the server's business), so its header names neither.
 */
export function renderStorage(st: NonNullable<DoctorReport['storage']>): string[] {
  const lines =
    st.measured === 'relation_size'
      ? [`storage: database ${MB(st.databaseBytes)} (PostgreSQL), markdown ${MB(st.markdownBytes)}` +
        (st.markdownBytes ? `, index ${(st.databaseBytes / st.markdownBytes).toFixed(1)}x the markdown` : '')]
      : [`storage: database ${MB(st.databaseBytes)} (${MB(st.freeBytes)} free), WAL ${MB(st.walBytes)}, markdown ${MB(st.markdownBytes)}` +
        (st.markdownBytes ? `, index+WAL ${((st.databaseBytes + st.walBytes) / st.markdownBytes).toFixed(1)}x the markdown` : '')];
  for (const t of st.tables) {
    if (st.measured !== 'rows') {
      if (t.bytes + t.indexBytes < st.pageSize * 4) continue;
      lines.push(`  table ${t.name}: ${MB(t.bytes + t.indexBytes)}${t.indexBytes ? ` (indexes ${MB(t.indexBytes)})` : ''}`);
    } else if (t.rows != null) lines.push(`  table ${t.name}: ${t.rows} rows`);
  }
  return lines;
}

function renderDoctor(r: DoctorReport, describeHealth: (h: DoctorReport['database']) => string): string {
  const lines: string[] = [`database: ${describeHealth(r.database)}`, ...(r.storage ? renderStorage(r.storage) : [])];
  for (const b of r.brains) lines.push(`brain ${b.slug} (${b.brainId}): fsck ${b.fsck}, head ${b.head?.slice(0, 12) ?? 'none'}, index ${b.indexedCommit?.slice(0, 12) ?? 'none'}, ${b.pages} pages`);
  for (const f of r.findings) lines.push(`  ${f.slug}: ${f.kind}: ${f.detail}`);
  for (const w of r.warnings) lines.push(`  database: warning: ${w.kind}: ${w.detail}`);
  for (const x of r.repaired) lines.push(`  ${x.slug}: repaired (${x.action.replace('_', ' ')}, ${x.commits} commits, ${x.corrected} corrected)`);
  const warned = r.warnings.length ? ` (${r.warnings.length} warning(s))` : '';
  lines.push(r.findings.length ? `${r.findings.length} finding(s)${r.repaired.length ? `, ${r.repaired.length} brain(s) repaired` : ''}${warned}` : `ok${warned}`);
  return lines.join('\n');
}

/** The multi-node part of the doctor's report (PostgreSQL). */
export function renderCluster(r: ClusterReport): string[] {
  const lines = [
    `nodes: volume ${r.volumeId ?? 'unmarked'}, database ${r.databaseId ?? 'unmarked'}, this node's clock ${r.clockSkewMs >= 0 ? '+' : ''}${r.clockSkewMs} ms from the database's; ${r.nodes.length} node(s) seen in the last 2 minutes`,
  ];
  for (const n of r.nodes) {
    lines.push(`  node ${n.id}: version ${n.version}, volume ${n.volumeId ?? 'unmarked'}, clock ${n.clockSkewMs ?? '?'} ms, up since ${n.startedAt}, seen ${n.secondsAgo} s ago`);
  }
  for (const f of r.findings) lines.push(`  ${f.level}: ${f.check}: ${f.detail}`);
  return lines;
}
