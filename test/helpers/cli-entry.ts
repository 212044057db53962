// Runs the CLI from src/ through tsx, so tests need no build step (CI also runs bin/ after `npm run build`).
import { runCli } from '../../src/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
