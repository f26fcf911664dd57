// `npm run bench`: runs every bench/*.bench.ts module in name order (or only those whose names
// contain one of the arguments). Each module exports `async function run(): Promise<void>` that
// prints its own lines. Benchmarks are not tests: they measure, side by side in one run.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = 0;
for (const file of modules) {
  process.stdout.write(`\n## ${file}\n`);
  try {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') throw new Error('exports no run() function');
    await mod.run();
  } catch (e) {
    failed++;
    process.stdout.write(`FAILED: ${(e as Error)?.stack ?? e}\n`);
  }
}
if (modules.length === 0) process.stdout.write('no bench/*.bench.ts modules found\n');
process.exitCode = failed ? 1 : 0;
