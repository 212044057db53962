// The operator CLI: `npx brainkeep <command>`. Each command prints only the requested value on
// stdout (so scripts can capture it) and exits non-zero with a message on stderr on failure.
// It works against the same BRAINKEEP_DATA while the server runs (SQLite WAL, git ref locks).
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import type { Container, Services } from '../container.js';
import type { Actor } from '../domain/actor.js';
import { AppError } from '../domain/errors.js';

export const OPERATOR: Actor = { kind: 'system', name: 'brainkeep-cli' };

/**
 * Commands that do not get the first-start set-up from runCli: `serve` runs it itself (and prints
 * to stdout), `restore` needs an empty data folder and brings its own workspace, `migrate` copies
 * the workspace from SQLite (one made on PostgreSQL first would refuse the copy).
 */
const OWN_SET_UP = new Set(['serve', 'restore', 'migrate']);

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const defaultIo: CliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

type Handler = (args: string[], ctx: { config: Config; io: CliIo; container: () => Services }) => Promise<void>;

export const COMMANDS: Record<string, { usage: string; run: Handler }> = {};

export function command(name: string, usage: string, run: Handler): void {
  COMMANDS[name] = { usage, run };
}

export function flags(args: string[], spec: Record<string, 'string' | 'boolean'>, required: string[] = []): Record<string, string | boolean | undefined> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const [k, t] of Object.entries(spec)) options[k] = { type: t };
  const { values } = parseArgs({ args, options, allowPositionals: false, strict: true });
  for (const r of required) if (values[r] == null || values[r] === '') throw new UsageError(`--${r} is required`);
  return values as Record<string, string | boolean | undefined>;
}

export class UsageError extends Error {}

/** Run the CLI; returns the exit code. */
export async function runCli(argv: string[], io: CliIo = defaultIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  await import('./commands.js');
  const [first, second, ...rest] = argv;
  if (!first || first === '--help' || first === 'help') {
    io.err(usage());
    return first ? 0 : 1;
  }
  const name = second && COMMANDS[`${first} ${second}`] ? `${first} ${second}` : first;
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.err(`brainkeep: unknown command '${argv.join(' ')}'\n\n${usage()}`);
    return 2;
  }
  const args = name.includes(' ') ? rest : argv.slice(1);
  let container: Container | null = null;
  try {
    const config = loadConfig(env);
    // Loaded once a command is known, not at the top: the container's module tree (every service,
    // the storage and their packages) is most of a process's start, and `--help` or a usage error
    // needs none of it.
    const { buildContainer, checkBackendReady } = await import('../container.js');
    // Every command, including those with their own set-up (a restore writes the data folder first).
    checkBackendReady(config, name);
    if (!OWN_SET_UP.has(name)) {
      // First start from any command: on an empty data folder the set-up runs here, once, and
      // its one-time password goes to stderr (stdout carries only the command's own value).
      const { bootstrapWorkspace, setUpMessage } = await import('../services/bootstrapService.js');
      container = buildContainer(config);
      for (const line of setUpMessage(await bootstrapWorkspace(container, config.ownerEmail), config.baseUrl)) io.err(line);
    }
    await cmd.run(args, {
      config,
      io,
      container: () => (container ??= buildContainer(config)),
    });
    return 0;
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`brainkeep ${name}: ${(e as Error).message}\nusage: brainkeep ${cmd.usage}`);
      return 2;
    }
    io.err(`brainkeep ${name}: ${e instanceof AppError ? e.detail : (e as Error).message}`);
    return 1;
  } finally {
    if (container) await (container as Container).close();
  }
}

function usage(): string {
  return ['usage: brainkeep <command>', '', ...Object.entries(COMMANDS).map(([, c]) => `  brainkeep ${c.usage}`)].join('\n');
}

/** `brainkeep serve`: run until SIGTERM/SIGINT, then finish in-flight writes and close. */
command('serve', 'serve', async (_args, { config }) => {
  // Loaded here, not at the top: the HTTP stack (express, the web app, MCP) is most of the CLI's
  // start-up, and the other commands (an import, a backup) never use it.
  const { startService } = await import('../main.js');
  const service = await startService(config);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      process.stderr.write(`brainkeep: ${signal} received, shutting down\n`);
      service.stop().then(resolve, resolve);
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  });
});
