import { fishQuote, valueOptions, type CompletionNode } from './tree.js';

/**
 * fish: a helper rebuilds the command path from the command line; every subcommand and option
 * is one `complete` line conditioned on that path (root options apply everywhere).
 */
export function fishScript(nodes: CompletionNode[]): string {
  const lines: string[] = [];
  for (const n of nodes) {
    const at = `-n ${fishQuote(`__clipper_at ${fishQuote(n.path.join(' '))}`)}`;
    for (const s of n.subcommands) lines.push(`complete -c clipper ${at} -a ${fishQuote(s.name)} -d ${fishQuote(s.description.split('\n')[0])}`);
    for (const o of n.options) {
      const spell = o.flags.map((f) => (f.startsWith('--') ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`)).join(' ');
      const cond = n.path.length === 0 ? '' : `${at} `;
      lines.push(`complete -c clipper ${cond}${spell}${o.takesValue ? ' -r -F' : ''} -d ${fishQuote(o.description)}`);
    }
  }
  const paths = nodes.filter((n) => n.path.length > 0).map((n) => fishQuote(n.path.join(' ')));
  return `# clipper completion for fish. Load it with:  clipper completion fish | source
# or save it as ~/.config/fish/completions/clipper.fish
set -g __clipper_paths ${paths.join(' ')}
set -g __clipper_value_opts ${valueOptions(nodes).map(fishQuote).join(' ')}
function __clipper_path
  set -l words (commandline -opc)
  set -l path
  set -l skip 0
  for w in $words[2..-1]
    if test $skip = 1
      set skip 0
      continue
    end
    if contains -- $w $__clipper_value_opts
      set skip 1
      continue
    end
    string match -q -- '-*' $w; and continue
    set -l candidate (string join ' ' $path $w)
    contains -- $candidate $__clipper_paths; and set path $path $w
  end
  string join ' ' $path
end
function __clipper_at
  set -l p (__clipper_path)
  test "$p" = "$argv[1]"
end
complete -c clipper -f
${lines.join('\n')}
`;
}
