// Runs every bench module (`bench/*.bench.ts`, each exporting `async function run()`) one after
// another and prints each result as a line of JSON. MINIMAL: the uploads branch may bring a fuller runner.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run: () => Promise<unknown> };
  const started = Date.now();
  const result = await mod.run();
  console.log(JSON.stringify({ bench: file, seconds: Math.round((Date.now() - started) / 1000), result }));
}
