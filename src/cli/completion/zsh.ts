import { shQuote, valueOptions, type CompletionNode } from './tree.js';

/** `name:description` for zsh's _describe, whose separator must be escaped in names. */
const described = (name: string, description: string) => shQuote(`${name.replace(/:/g, '\\:')}:${description.split('\n')[0]}`);

/** zsh: the same path walk as bash, with descriptions shown through _describe. */
export function zshScript(nodes: CompletionNode[]): string {
  const cases = (pick: (n: CompletionNode) => string[]) =>
    nodes
      .map((n) => [n.path.join(' '), pick(n)] as const)
      .filter(([, items]) => items.length > 0)
      .map(([path, items]) => `    ${shQuote(path)}) reply=(${items.join(' ')}) ;;`)
      .join('\n');
  const names = cases((n) => n.subcommands.map((s) => shQuote(s.name)));
  const commands = cases((n) => n.subcommands.map((s) => described(s.name, s.description)));
  const options = cases((n) => n.options.flatMap((o) => o.flags.map((f) => described(f, o.description))));
  return `#compdef clipper
# clipper completion for zsh. Load it with:  source <(clipper completion zsh)
# or save it as _clipper in a folder of your $fpath.
_clipper_names() {
  reply=()
  case "$1" in
${names}
  esac
}
_clipper_commands() {
  reply=()
  case "$1" in
${commands}
  esac
}
_clipper_options() {
  reply=()
  case "$1" in
${options}
  esac
}
_clipper() {
  local value_opts=${shQuote(` ${valueOptions(nodes).join(' ')} `)} cmdpath="" w
  local -a found global
  local i
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    if [[ "$value_opts" == *" $w "* ]]; then ((i++)); continue; fi
    [[ "$w" == -* ]] && continue
    _clipper_names "$cmdpath"
    if (( \${reply[(Ie)$w]} )); then cmdpath="\${cmdpath:+$cmdpath }$w"; fi
  done
  if [[ "$value_opts" == *" \${words[CURRENT-1]} "* ]]; then
    _files
  elif [[ "$PREFIX" == -* ]]; then
    _clipper_options "$cmdpath"; found=("\${reply[@]}")
    _clipper_options ''; global=("\${reply[@]}")
    _describe -t options 'option' found -- global
  else
    _clipper_commands "$cmdpath"; found=("\${reply[@]}")
    _describe -t commands 'command' found
  fi
}
if [[ "$funcstack[1]" == _clipper ]]; then _clipper "$@"; else compdef _clipper clipper; fi
`;
}
