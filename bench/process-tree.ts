import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What a node child runs, told by a word of the source it was started with (`node -e SOURCE`). */
const NODE_KINDS: Array<[RegExp, string]> = [
  [/clipper model host/, 'model host'],
  [/CLIPPER_FACE_PATHS/, 'face detector'],
  [/CLIPPER_NODE_LLAMA_CPP_URL/, 'language model'],
  [/CLIPPER_ONNXRUNTIME/, 'encoder'],
  [/OfflineSpeakerDiarization/, 'diarizer'],
  [/OfflineRecognizer/, 'recogniser'],
];

const ENGINE_KINDS = NODE_KINDS.map(([, k]) => k);

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** The processes below `pid`, children of any of its threads (libuv may spawn from any). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks) {
    for (const k of read(`/proc/${pid}/task/${t}/children`).trim().split(/\s+/).filter(Boolean)) out.push(Number(k), ...descendants(Number(k)));
  }
  return out;
}

/** A process's kind: the program's name, or for a node child the engine it hosts. */
function kindOf(pid: number): string {
  const argv = read(`/proc/${pid}/cmdline`).split('\0');
  const name = basename(argv[0] ?? '?');
  if (!/^node/.test(name)) return name;
  return NODE_KINDS.find(([re]) => re.test(argv.join(' ')))?.[1] ?? 'node';
}

export interface TreeFigures {
  /** Largest sum of resident memory (VmRSS) of the root and every process below it seen at once, MB. */
  peakMb: number;
  /** The same moment's proportional set size (PSS: shared pages split between their processes), MB. */
  pssAtPeakMb: number;
  /** Largest sum of the Node engine children (model hosts, or the engines' own processes) seen at once, MB. */
  enginesPeakMb: number;
  /** What made up that peak: MB per kind (the root is 'daemon'). */
  atPeak: Record<string, number>;
  /** The largest each kind reached (summed over its processes of one moment), MB. */
  kindPeaks: Record<string, number>;
  /** Processes of each kind started over the run. */
  started: Record<string, number>;
}

const mb = (k: number) => Math.round(k / 102.4) / 10;

/**
 * Samples the resident memory of a process tree every `everyMs` from /proc (Linux): the root
 * and all its descendants (node engine children, ffmpeg, pocketsphinx), summed per moment.
 */
export function sampleTree(root: number, everyMs = 100): { stop(): TreeFigures } {
  let peak = 0;
  let pssAtPeak = 0;
  let atPeak: Record<string, number> = {};
  let engines = 0;
  const kindPeaks: Record<string, number> = {};
  const seen = new Map<number, string>();
  const tick = () => {
    const pids = [root, ...descendants(root)];
    const now: Record<string, number> = {};
    let sum = 0;
    let pss = 0;
    for (const pid of pids) {
      const kind = pid === root ? 'daemon' : (seen.get(pid) ?? kindOf(pid));
      // A child caught between fork and exec still shows the daemon's command line: known only later.
      if (pid !== root && kind !== 'node') seen.set(pid, kind);
      const rss = kb(read(`/proc/${pid}/status`), 'VmRSS');
      sum += rss;
      pss += kb(read(`/proc/${pid}/smaps_rollup`), 'Pss');
      now[kind] = (now[kind] ?? 0) + rss;
    }
    for (const [k, v] of Object.entries(now)) kindPeaks[k] = Math.max(kindPeaks[k] ?? 0, v);
    engines = Math.max(engines, ENGINE_KINDS.reduce((n, k) => n + (now[k] ?? 0), 0));
    if (sum > peak) [peak, pssAtPeak, atPeak] = [sum, pss, now];
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const started: Record<string, number> = {};
      for (const k of seen.values()) started[k] = (started[k] ?? 0) + 1;
      const inMb = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, mb(v)]));
      return { peakMb: mb(peak), pssAtPeakMb: mb(pssAtPeak), enginesPeakMb: mb(engines), atPeak: inMb(atPeak), kindPeaks: inMb(kindPeaks), started };
    },
  };
}
