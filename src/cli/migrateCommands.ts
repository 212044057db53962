// `brainkeep migrate --to postgres [--force]`: with the server stopped, copy the state of the data
// folder's SQLite file to PostgreSQL (BRAINKEEP_DATABASE_URL), then land any journaled write and
// rebuild the index from the repositories on PostgreSQL. stdout: rows copied per table
// (`table<TAB>rows`); progress on stderr.
import { UsageError, command, flags } from './main.js';

command('migrate', 'migrate --to postgres [--force]   (server stopped; BRAINKEEP_DATABASE_URL set)', async (args, { io, config, container }) => {
  const f = flags(args, { to: 'string', force: 'boolean' }, ['to']);
  if (f.to !== 'postgres') throw new UsageError(`--to must be postgres, not ${JSON.stringify(f.to)}`);
  if (!config.databaseUrl) throw new UsageError('set BRAINKEEP_DATABASE_URL to the PostgreSQL database to migrate to');
  const { migrateStateToPostgres } = await import('../services/stateMigrationService.js');
  const { tables } = await migrateStateToPostgres({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, force: f.force === true, secretKey: config.secretKey }, (l) => io.err(l));
  for (const t of tables) io.out(`${t.table}\t${t.rows}`);
  for (const t of tables) if (t.statements > 1) io.err(`${t.table}: ${t.rows} rows in ${t.statements} INSERT statements (at most 8 MB each)`);
  io.err(`state copied: ${tables.reduce((n, t) => n + t.rows, 0)} rows in ${tables.length} tables`);
  // Now on PostgreSQL: writes journaled before the old node stopped land, then the index is rebuilt.
  const c = container();
  // This data folder and this database are the set-up every node checks itself against (doctor).
  const marker = c.cluster.adopt({ replace: true });
  io.err(`volume ${marker.volumeId} on database ${marker.databaseId} (recorded in the data folder and the database)`);
  const recovered = await c.recover();
  if (recovered.finished || recovered.discarded) io.err(`journaled writes: ${recovered.finished} landed, ${recovered.discarded} discarded`);
  const { pages } = await c.reindex.reindex(null, {
    brainDone: ({ slug, commits, pages, embedding }) =>
      io.err(`indexed ${slug}: ${commits} commits, ${pages} pages, ${embedding.embedded} of ${embedding.chunks} chunks embedded${embedding.pending ? ` (${embedding.pending} left to the server)` : ''}`),
  });
  io.err(`migrated to PostgreSQL: ${pages} pages indexed; start the nodes with the same BRAINKEEP_DATABASE_URL and BRAINKEEP_DATA`);
});
