import { loadConfig, loadMediaTools, type MediaToolName } from '../local-daemon.js';
import type { CheckResult, DoctorCheck, DoctorEnv } from './checks.js';
import type { SpeechEngineView } from '../../api/transcription.js';

const HOSTED: CheckResult = { status: 'skip', detail: 'the CLI points at a hosted deployment, which runs its own media tools' };

function toolCheck(name: MediaToolName): DoctorCheck {
  return {
    id: name,
    title: name,
    async run({ ctx, local }: DoctorEnv): Promise<CheckResult> {
      if (!local) return HOSTED;
      const { describeTool } = await loadMediaTools();
      const t = await describeTool(name, ctx.env);
      if (t.error) return { status: 'fail', detail: t.error, fix: 'Install ffmpeg (apt-get install ffmpeg), or reinstall the npm packages for the bundled one.' };
      const from = t.source === 'npm' ? 'bundled npm build' : t.source === 'env' ? `CLIPPER_${name.toUpperCase()}` : 'PATH';
      const detail = `${name} ${t.version} at ${t.path} (${from})`;
      // FACTS.md: the npm build dates from 2018; an old ffmpeg parsing untrusted media is a risk.
      if (t.source === 'npm') return { status: 'warn', detail, fix: `Install a maintained ${name} (apt-get install ffmpeg); the bundled build is old.` };
      return { status: 'ok', detail };
    },
  };
}

/** Issue 27, item 10: what the running daemon gives its next job (GET /v1/transcription), when it answers. */
async function daemonEngine({ ctx, results }: DoctorEnv): Promise<SpeechEngineView | undefined> {
  if (results.get('credentials')?.status !== 'ok') return undefined;
  try {
    return await (await ctx.client()).transcription();
  } catch {
    return undefined; // a daemon of an earlier version has no such endpoint: say what a start now would choose
  }
}

/** Which speech engine jobs will use and why (the running daemon's answer), with the state of the others. */
export const transcriptionEngine: DoctorCheck = {
  id: 'transcription',
  title: 'speech recognition',
  async run(env: DoctorEnv): Promise<CheckResult> {
    const { ctx, dataDir, local } = env;
    const running = await daemonEngine(env);
    if (!local) return running ? engineResult(running, '') : HOSTED;
    const { assessEngines } = await loadMediaTools();
    let config;
    try {
      config = await loadConfig({ dataDir }, ctx.env);
    } catch (e) {
      return { status: 'fail', detail: (e as Error).message, fix: 'Fix DATA_DIR/config.json (README, "Daemon settings", lists every key); the daemon will not start until then.' };
    }
    const { candidates, chosen } = assessEngines(config, ctx.env);
    const others = candidates.filter((c) => c.name !== 'none' && !c.available).map((c) => `${c.name}: ${c.detail}`);
    const also = others.length ? ` (not used: ${others.join('; ')})` : '';
    if (running) return engineResult({ ...running, reason: `the running daemon's next job: ${running.reason}` }, also);
    // No daemon answers: what a daemon started now would choose.
    if ('error' in chosen) return { status: 'fail', detail: chosen.error, fix: 'Install the engine asked for, or unset CLIPPER_TRANSCRIBER.' };
    const e = chosen.engine;
    return engineResult({ engine: e.name, model: e.modelName, reason: e.reason }, `${also} (the daemon does not answer: this is what it would use once started)`);
  },
};

function engineResult(e: SpeechEngineView, also: string): CheckResult {
  if (e.engine !== 'none') return { status: 'ok', detail: `${e.reason}${also}` };
  // Issue 13, item 2: jobs then carry a no_speech_engine warning; this is how to get transcripts.
  const fix =
    'Jobs find clips without the words until a speech engine is installed. For transcripts now: pocketsphinx and pocketsphinx-en-us ' +
    '(English; `npm run setup` installs them on Debian/Ubuntu, or `apt-get install pocketsphinx pocketsphinx-en-us`); for other languages and ' +
    'better accuracy: a Whisper model (`clipper models list --available`, then `clipper models add base.en`).';
  return { status: 'warn', detail: e.reason, fix };
}

export const mediaChecks: DoctorCheck[] = [toolCheck('ffmpeg'), toolCheck('ffprobe'), transcriptionEngine];
