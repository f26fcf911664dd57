import type { Command } from 'commander';

/**
 * One or two examples for every verb (issue 13, item 8: "give every verb one or two examples"),
 * shown at the end of its `--help`. Keyed by the command's path under `clipper`; a test checks
 * that every runnable command has an entry. Ids are examples of their shape.
 */
export const EXAMPLES: Record<string, string[]> = {
  'clips create': ['clipper clips create talk.mp4 --criteria "pricing and costs" --wait', 'clipper clips create https://example.com/talk.mp4 --duration 45s --jq .job_id', 'clipper clips create "https://www.youtube.com/watch?v=ID" --cookies cookies.txt --wait'],
  'clips get': ['clipper clips get job_3kFq8mZ2xYp4Rt7uVw9a --wait', 'clipper clips get job_3kFq8mZ2xYp4Rt7uVw9a --json clips'],
  'clips list': ['clipper clips list', 'clipper clips list --status done --jq ".jobs[].job_id"'],
  'clips cuts': ['clipper clips cuts clip_7hGt2kLm9QwErTy5UiOp', 'clipper clips cuts clip_7hGt2kLm9QwErTy5UiOp --fillers --json'],
  'renders create': [
    'clipper renders create clip_7hGt2kLm9QwErTy5UiOp --wait',
    'clipper renders create clip_7hGt2kLm9QwErTy5UiOp --aspect 1:1 --remove-fillers --remove-silences --keep 12.40-12.95 -o clip.mp4',
  ],
  'renders get': ['clipper renders get clip_7hGt2kLm9QwErTy5UiOp --wait'],
  'renders list': ['clipper renders list', 'clipper renders list --status done --jq ".renders[].output_url"'],
  'posts list': ['clipper posts list clip_7hGt2kLm9QwErTy5UiOp'],
  'posts get': ['clipper posts get post_Xy7Ab3Cd9Ef1Gh5Ij2Kl'],
  'posts create': ['clipper posts create clip_7hGt2kLm9QwErTy5UiOp --platform short_video'],
  'posts edit': [
    'clipper posts edit post_Xy7Ab3Cd9Ef1Gh5Ij2Kl --caption "New caption"',
    'clipper posts edit post_Xy7Ab3Cd9Ef1Gh5Ij2Kl --privacy SELF_ONLY --disable-duet --aspect 16:9 --remove-silences',
  ],
  'posts publish': [
    'clipper posts publish post_Xy7Ab3Cd9Ef1Gh5Ij2Kl --wait',
    'clipper posts publish post_Xy7Ab3Cd9Ef1Gh5Ij2Kl --at +2h --aspect 4:5 --remove-fillers --keep 3.10-3.42',
  ],
  'posts cancel': ['clipper posts cancel post_Xy7Ab3Cd9Ef1Gh5Ij2Kl'],
  'uploads create': ['clipper uploads create talk.mp4', 'clipper uploads create talk.mov --concurrency 8 --json'],
  'uploads get': ['clipper uploads get upl_APyJWcPGRSsrwJjZb2LE'],
  'uploads complete': ['clipper uploads complete upl_APyJWcPGRSsrwJjZb2LE'],
  'uploads cancel': ['clipper uploads cancel upl_APyJWcPGRSsrwJjZb2LE'],
  watch: ['clipper watch ~/Videos/inbox --criteria "product demos"', 'clipper watch ~/Videos/inbox --once --json'],
  open: ['clipper open clip_7hGt2kLm9QwErTy5UiOp', 'clipper open clip_7hGt2kLm9QwErTy5UiOp --print'],
  mcp: ['clipper mcp', 'clipper --profile work mcp'],
  'platforms connect': ['clipper platforms connect short_video', 'clipper platforms connect long_video --connector resumable_upload --setting upload_url=https://up.example/upload'],
  'platforms list': ['clipper platforms list'],
  'platforms disconnect': ['clipper platforms disconnect short_video --yes'],
  'webhooks create': ['clipper webhooks create --url https://hooks.example/clipper --events "post.published,post.failed"'],
  'webhooks list': ['clipper webhooks list'],
  'webhooks delete': ['clipper webhooks delete wh_Q1w2E3r4T5y6U7i8O9p0 --yes'],
  'webhooks deliveries': ['clipper webhooks deliveries wh_Q1w2E3r4T5y6U7i8O9p0 --status failed', 'clipper webhooks deliveries wh_Q1w2E3r4T5y6U7i8O9p0 --resend dlv_A1s2D3f4G5h6J7k8L9z0'],
  'webhooks listen': ['clipper webhooks listen', 'clipper webhooks listen --forward-to http://localhost:3000/hooks --events "post.*"'],
  'webhooks trigger': ['clipper webhooks trigger post.published'],
  'webhooks verify': ['clipper webhooks verify --secret "$SECRET" --header "$SIG_HEADER" < body.json'],
  'keys create': ['clipper keys create --label ci --jq .key'],
  'keys list': ['clipper keys list'],
  'keys revoke': ['clipper keys revoke key_iH9MIJXtgymeO7wm6rIK --yes'],
  whoami: ['clipper whoami', 'clipper whoami --jq .render_minutes.remaining'],
  ping: ['clipper ping', 'clipper --profile hosted ping'],
  doctor: ['clipper doctor', 'clipper doctor --data-dir ~/clipper-data'],
  login: ['clipper login', 'echo "$KEY" | clipper login --base-url https://clips.example.com --with-key --profile hosted'],
  logout: ['clipper logout --profile hosted'],
  'profiles list': ['clipper profiles list'],
  'profiles use': ['clipper profiles use hosted'],
  'daemon start': ['clipper daemon start', 'clipper daemon start --data-dir ~/clipper-data --port 7788'],
  'daemon run': ['clipper daemon run --data-dir ~/clipper-data'],
  'daemon stop': ['clipper daemon stop --data-dir ~/clipper-data'],
  'daemon status': ['clipper daemon status --json', 'clipper daemon status || clipper daemon start'],
  'auth token': ['clipper auth token --data-dir ~/clipper-data'],
  'admin teams create': ['clipper admin teams create --name acme --render-minutes 1200'],
  'admin teams list': ['clipper admin teams list'],
  'admin backup': ['clipper admin backup --data-dir ~/clipper-data --to /backups/clipper-$(date +%F)'],
  'admin restore': ['clipper admin restore --from /backups/clipper-2026-11-26 --data-dir ~/clipper-data-restored'],
  'models add': ['clipper models add base.en', 'clipper models add ~/Downloads/sherpa-onnx-whisper-base.en/'],
  'models list': ['clipper models list --available'],
  'models remove': ['clipper models remove base.en'],
  'models setup': ['clipper models setup', 'clipper models setup --yes'],
  api: ['clipper api GET /v1/ping', "clipper api POST /v1/keys --data '{\"label\":\"ci\"}' --jq .key"],
  completion: ['source <(clipper completion bash)', 'clipper completion fish > ~/.config/fish/completions/clipper.fish'],
};

/** The path of a command under the program: "clips create". */
export const commandPath = (cmd: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

/** Adds each command's examples to its help (a command with its own "Examples:" keeps those). */
export function addExamples(program: Command): void {
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      const lines = EXAMPLES[commandPath(sub)];
      if (lines) sub.addHelpText('after', `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
      walk(sub);
    }
  };
  walk(program);
}
