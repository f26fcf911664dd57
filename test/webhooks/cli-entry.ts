// Runs the CLI from source in its own process (the listen test sends it a real SIGTERM).
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv);
