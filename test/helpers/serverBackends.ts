// The real HTTP server on each database backend: `describeOnBothBackends(name, fn)` runs the
// cases `fn` declares once on SQLite (the data folder's file) and once on PostgreSQL (PGlite with
// pgvector, pg_trgm and unaccent behind pglite-socket, pg.ts), each server on an ephemeral loopback
// port. BRAINKEEP_TEST_BACKENDS=sqlite|postgres|both (default both) picks which.
//
// PGlite takes seconds to start, so a describe starts one for all its cases; each server started
// on it gets an empty database (the schema dropped and made again, the server migrates it), since
// a server's brains live in its own data folder and a second server must not see the first's rows.
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from './pg.js';
import { startTestServer, type TestServer } from './server.js';

export type ServerBackend = 'sqlite' | 'postgres';

/** The backends BRAINKEEP_TEST_BACKENDS asks for (both by default). */
export function selectedBackends(env: NodeJS.ProcessEnv = process.env): ServerBackend[] {
  const v = (env.BRAINKEEP_TEST_BACKENDS ?? 'both').trim().toLowerCase();
  if (v === 'both' || v === '') return ['sqlite', 'postgres'];
  if (v === 'sqlite' || v === 'postgres') return [v];
  throw new Error(`BRAINKEEP_TEST_BACKENDS must be sqlite, postgres or both, not ${JSON.stringify(v)}`);
}

export interface BackendUnderTest {
  backend: ServerBackend;
  /**
   * Start a server on this backend (an empty database on PostgreSQL); stopped at the end of the
   * describe if the case did not. `keepDatabase`: a restart of the last server (give it its
   * BRAINKEEP_DATA), on the database as that one left it.
   */
  startServer(env?: Record<string, string>, opts?: { keepDatabase?: boolean }): Promise<TestServer>;
  /** The environment that puts a server (or a CLI process) on this backend's current database. */
  env(): Record<string, string>;
}

/** Declare `fn`'s cases once per selected backend, in describes named `${name} [SQLite]` and `${name} [PostgreSQL]`. */
export function describeOnBothBackends(name: string, fn: (b: BackendUnderTest) => void): void {
  for (const backend of selectedBackends()) {
    describe(`${name} [${backend === 'sqlite' ? 'SQLite' : 'PostgreSQL'}]`, function () {
      let postgres: TestPostgres | null = null;
      let used = false;
      const running = new Set<TestServer>();
      if (backend === 'postgres') {
        before(async function () {
          this.timeout(180_000);
          postgres = await startTestPostgres();
        });
      }
      const b: BackendUnderTest = {
        backend,
        env: (): Record<string, string> => (postgres ? { BRAINKEEP_DATABASE_URL: postgres.url } : {}),
        async startServer(env = {}, opts = {}) {
          if (backend === 'postgres') {
            if (!postgres) throw new Error('PGlite is not started: start servers in a hook or case of this describe');
            // Nothing left running here may hold the database being emptied.
            if (running.size) throw new Error('stop the previous server of this describe before starting another on PostgreSQL');
            if (used && !opts.keepDatabase) await emptyDatabase(postgres.url);
            used = true;
          }
          const s = await startTestServer({ ...b.env(), ...env });
          running.add(s);
          const stop = s.stop.bind(s);
          let stopped: Promise<void> | null = null;
          s.stop = () => {
            running.delete(s);
            return (stopped ??= stop());
          };
          return s;
        },
      };
      fn(b);
      after(async function () {
        this.timeout(60_000);
        for (const s of [...running]) await s.stop();
        await postgres?.stop();
        postgres = null;
      });
    });
  }
}

/** Drop everything the last server made (tables, the vector tables, extensions) so the next one starts on an empty database. */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
