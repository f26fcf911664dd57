// What each part of the CLI loads when it starts (start-up time: scripts/build.mjs). Builds the CLI
// into a temp folder and reads esbuild's metafile: what a chunk imports statically is loaded
// with it. No clock here (bench/cli-startup.bench.ts measures the time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown> }>;
}

let dir: string;
let meta: Metafile;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clipper-build-'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--out', join(dir, 'dist'), '--meta', join(dir, 'meta.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
  meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as Metafile;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The output file built for a source module (an entry point or a dynamic-import target). */
function chunkOf(source: string): string {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === source);
  if (!found) throw new Error(`no chunk for ${source}`);
  return found[0];
}

/** Every source module and external package loaded with a chunk: its static imports, transitively. */
function loadedWith(chunk: string): { modules: string[]; packages: string[] } {
  const seen = new Set<string>();
  const external = new Set<string>();
  const stack = [chunk];
  while (stack.length) {
    const out = stack.pop()!;
    if (seen.has(out)) continue;
    seen.add(out);
    for (const i of meta.outputs[out].imports) {
      if (i.kind !== 'import-statement') continue;
      if (i.external) external.add(i.path);
      else stack.push(i.path);
    }
  }
  const modules = [...seen].flatMap((o) => Object.keys(meta.outputs[o].inputs));
  const bundled = modules.filter((m) => m.includes('node_modules/')).map((m) => m.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1'));
  return { modules: modules.filter((m) => !m.includes('node_modules/')), packages: [...new Set([...bundled, ...[...external].filter((p) => !p.startsWith('node:'))])] };
}

const dependencies = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies);

describe('what the CLI loads at start', () => {
  it('answers --version from the entry alone', () => {
    const entry = relative(process.cwd(), join(dir, 'dist', 'cli.js'));
    const { modules, packages } = loadedWith(entry);
    expect(modules.sort()).toEqual(['src/cli/entry.ts', 'src/cli/version.ts']);
    expect(packages).toEqual([]);
  });

  it('registers every command with commander and cli-table3 only: no command loads its own code before it runs', () => {
    const { modules, packages } = loadedWith(chunkOf('src/cli/main.ts'));
    // Any other package here would be loaded by `clipper --help`: import it inside the verb's action.
    expect(packages.filter((p) => dependencies.includes(p)).sort()).toEqual(['cli-table3', 'commander']);
    // Daemon code only for the defaults shown in help texts (ports, data dir), through the CLI's
    // one door daemon/local.ts (its other exports import their modules when called).
    expect(modules.filter((m) => m.startsWith('daemon/'))).toEqual(['daemon/defaults.ts', 'daemon/local.ts']);
    expect(modules.filter((m) => m.startsWith('src/client/')).sort()).toEqual(['src/client/errors.ts', 'src/client/upload-defaults.ts']);
  });

  it('makes API calls without undici (src/client/transport.ts says why)', () => {
    expect(loadedWith(chunkOf('src/client/client.ts')).packages).toEqual([]);
  });

  it('loads SQLite and jose for the local owner token only when a command asks for a client', () => {
    // src/cli/local-daemon.ts's localOwnerToken loads them through daemon/local.ts (loadDataDirTools),
    // whose door is daemon/admin-database.ts (issue 27, item 4; pg only when database.url is set).
    expect(loadedWith(chunkOf('daemon/admin-database.ts')).packages.sort()).toEqual(['better-sqlite3', 'jose']);
  });
});
