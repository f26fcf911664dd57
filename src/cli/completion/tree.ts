import type { Command } from 'commander';

export interface CompletionOption {
  /** `--data-dir`, `-d`: every spelling. */
  flags: string[];
  description: string;
  /** The next word is the option's value (`--port 80`); false for flags and `--json [fields]`. */
  takesValue: boolean;
}

export interface CompletionNode {
  /** Command words from the root: [] for `clipper`, ['keys', 'create'] for `clipper keys create`. */
  path: string[];
  subcommands: Array<{ name: string; description: string }>;
  options: CompletionOption[];
}

/**
 * Walks the commander program into a flat list of nodes, one per command. The completion
 * scripts are generated from it, so a command registered anywhere is completed without edits.
 */
export function completionTree(program: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (cmd: Command, path: string[]) => {
    const visible = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
    const options: CompletionOption[] = cmd.options
      .filter((o) => !o.hidden)
      .map((o) => ({ flags: [o.long, o.short].filter((f): f is string => !!f), description: o.description, takesValue: o.required }));
    options.push({ flags: ['--help', '-h'], description: 'show help', takesValue: false });
    nodes.push({ path, subcommands: visible.map((c) => ({ name: c.name(), description: c.description() })), options });
    for (const c of visible) visit(c, [...path, c.name()]);
  };
  visit(program, []);
  return nodes;
}

/** Every option spelling, anywhere in the tree, whose next word is its value. */
export function valueOptions(nodes: CompletionNode[]): string[] {
  return [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).flatMap((o) => o.flags)))].sort();
}

/** A single-quoted word for bash and zsh (no escapes inside single quotes there). */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A single-quoted word for fish, where `\\` and `\'` are the escapes inside single quotes. */
export function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
