import { shQuote, valueOptions, type CompletionNode } from './tree.js';

/**
 * bash: two lookup functions keyed by the command path ("keys create") and one completer that
 * rebuilds the path from the words typed so far, skipping options and their values.
 */
export function bashScript(nodes: CompletionNode[]): string {
  const cases = (pick: (n: CompletionNode) => string[]) =>
    nodes
      .map((n) => [n.path.join(' '), pick(n)] as const)
      .filter(([, words]) => words.length > 0)
      .map(([path, words]) => `    ${shQuote(path)}) echo ${shQuote(words.join(' '))} ;;`)
      .join('\n');
  return `# clipper completion for bash. Load it with:  source <(clipper completion bash)
_clipper_subcommands() {
  case "$1" in
${cases((n) => n.subcommands.map((s) => s.name))}
  esac
}
_clipper_options() {
  case "$1" in
${cases((n) => n.options.flatMap((o) => o.flags).filter((f) => f.startsWith('--')))}
  esac
}
_clipper_value_options=${shQuote(` ${valueOptions(nodes).join(' ')} `)}
_clipper() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" i w
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if [[ "$_clipper_value_options" == *" $w "* ]]; then ((i++)); continue; fi
    [[ "$w" == -* ]] && continue
    if [[ " $(_clipper_subcommands "$path") " == *" $w "* ]]; then path="\${path:+$path }$w"; fi
  done
  if [[ "$_clipper_value_options" == *" $prev "* ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_clipper_options "$path") $(_clipper_options '')" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(_clipper_subcommands "$path")" -- "$cur"))
  fi
}
complete -o default -F _clipper clipper
`;
}
