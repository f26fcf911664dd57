import type { Command } from 'commander';

/**
 * `--json [fields]` takes an optional value, so commander would read `clipper --json keys list`
 * as the field list "keys" and then find no command. A word that names a subcommand at that
 * point is a command, not a field list: such a bare `--json` is moved to the end of the options
 * (before any `--`), where it has nothing to swallow. `--json id,status` and `--json=id,status`
 * keep selecting fields. Likewise a word that cannot be a field list (an id such as
 * `job_3kFq...`, a file name, a URL) is the command's argument: `clipper clips get --json JOB`.
 */
export function normalizeJsonFlag(argv: string[], program: Command): string[] {
  const head = argv.slice(0, 2);
  const rest = argv.slice(2);
  const end = rest.indexOf('--') === -1 ? rest.length : rest.indexOf('--');
  let cmd: Command = program;
  let moved = false;
  const kept: string[] = [];
  for (let i = 0; i < end; i++) {
    const word = rest[i];
    if (takesValue(cmd, word)) {
      kept.push(word, ...rest.slice(i + 1, Math.min(i + 2, end)));
      i++;
      continue;
    }
    const sub = findSub(cmd, word);
    if (sub) cmd = sub;
    if (word === '--json' && i + 1 < end && (findSub(cmd, rest[i + 1]) || !looksLikeFieldList(rest[i + 1]))) {
      moved = true;
      continue;
    }
    kept.push(word);
  }
  return [...head, ...kept, ...(moved ? ['--json'] : []), ...rest.slice(end)];
}

function findSub(cmd: Command, word: string | undefined): Command | undefined {
  if (!word || word.startsWith('-')) return undefined;
  return cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/** An option of this command or an ancestor whose value is the next word (`--port 80`). */
function takesValue(cmd: Command, word: string): boolean {
  if (!word.startsWith('-') || word.includes('=')) return false;
  for (let c: Command | null = cmd; c; c = c.parent) {
    const opt = c.options.find((o) => o.long === word || o.short === word);
    if (opt) return opt.required;
  }
  return false;
}

/** Field lists name top-level snake_case fields (`job_id,status`); ids have a 20-character tail. */
function looksLikeFieldList(word: string): boolean {
  if (!/^[a-z][a-z0-9_]*(,\s*[a-z][a-z0-9_]*)*$/.test(word)) return false;
  return !/^[a-z]+_[A-Za-z0-9]{20}$/.test(word);
}
