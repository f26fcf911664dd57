import type { Store } from '../../store/index.js';
import type { Ranking } from '../../pipeline/llm/choose.js';
import type { JobRanking } from '../../pipeline/llm/rank.js';
import type { Analysis, ClipCopy, ProbeResult, Transcript } from '../../pipeline/types.js';
import type { IngestResult } from './ingest.js';
import type { JobPlan } from './plan.js';
import type { DiarizationUsed } from '../../pipeline/speakers/model-diarization.js';

/** Which speech engine and model a job's transcription uses (GET /v1/clips/:jobId `transcription`). */
export interface EngineUsed {
  engine: Transcript['engine'];
  model?: string;
  /** Each engine that transcribed some of its chunks, in order, when there was more than one (issue 27, item 10). */
  engines?: Array<{ engine: Transcript['engine']; model?: string }>;
}

/** A section's suggestion: its clips, where the next section starts its clips (issue 20), who ranked them. */
export interface SectionResult {
  clip_ids: string[];
  carry_from?: number;
  ranking?: Ranking;
}

/**
 * The result each kind of stage stores (job_stages.result, JSON), by kind: the one list of
 * what a job keeps between attempts. A new stage is one line here (and one in StagePartTypes
 * when it is stored once per part).
 */
export interface StageResultTypes {
  ingest: IngestResult;
  probe: ProbeResult;
  audio: { file: string };
  plan: JobPlan;
  transcriber: EngineUsed;
  analyse: Analysis;
  /** Which diarization the job used (issue 30, item 3), apart from the analysis so the job's view reads little. */
  diarizer: DiarizationUsed;
  /** One chunk's words on source time; `engine` and `model` name what really ran it (issue 27, item 10). */
  transcribe: Transcript;
  suggest: SectionResult;
  /** Shown as the job's `warnings` (issue 13, item 2). */
  warning: { message: string };
  /** A language model's copy for a clip, for the span it was written for (issue 20, item 5). */
  copy: ClipCopy & { start: number; end: number };
  /** The job's clips ranked against each other in one call after the last section (issue 28, item 2a). */
  rank: JobRanking;
  /** The recommended sentence encoder being fetched for the job's request (bytes so far; `done` once it ended). */
  encoder: { model: string; received: number; total?: number; done?: boolean };
}

/** Kinds stored once per part, and what names the part: chunk, section, warning code, clip id. */
interface StagePartTypes {
  transcribe: number;
  suggest: number;
  warning: string;
  copy: string;
}

export type StageKind = keyof StageResultTypes;
type PartArgs<K extends StageKind> = K extends keyof StagePartTypes ? [part: StagePartTypes[K]] : [];

/** A stage's stored name (`probe`, `transcribe:3`), carrying the kind of result stored under it. */
export type StageKey<K extends StageKind> = string & { readonly [resultKind]: K };
declare const resultKind: unique symbol;

/**
 * The stored name of a stage: the kind, then `:part` for kinds stored per part. These are the
 * names databases of earlier versions hold (`transcribe:<i>`, `suggest:<s>`, `warning:<code>`,
 * `copy:<clip>`), so a job started before an upgrade resumes with what it stored.
 */
export function stageKey<K extends StageKind>(kind: K, ...part: PartArgs<K>): StageKey<K> {
  return (part.length ? `${kind}:${String(part[0])}` : kind) as StageKey<K>;
}

/** The kind and part a stored name encodes; undefined for a name this version does not know. */
export function parseStageKey(name: string): { kind: StageKind; part?: string } | undefined {
  const at = name.indexOf(':');
  const kind = (at < 0 ? name : name.slice(0, at)) as StageKind;
  if (!KINDS.has(kind) || (at < 0) !== !PER_PART.has(kind)) return undefined;
  return at < 0 ? { kind } : { kind, part: name.slice(at + 1) };
}

const PER_PART = new Set<StageKind>(['transcribe', 'suggest', 'warning', 'copy'] satisfies Array<keyof StagePartTypes>);
const KINDS = new Set<StageKind>(['ingest', 'probe', 'audio', 'plan', 'transcriber', 'analyse', 'diarizer', 'rank', ...PER_PART]);

/** The stored names of one per-part kind, with their parts (`suggest:2` -> '2'). */
export function namesOf(names: Iterable<string>, kind: keyof StagePartTypes): Array<{ name: string; part: string }> {
  const out: Array<{ name: string; part: string }> = [];
  for (const name of names) {
    const key = parseStageKey(name);
    if (key?.kind === kind && key.part !== undefined) out.push({ name, part: key.part });
  }
  return out;
}

/** Reads one stored result, typed by its key (the one place a stored JSON value gets its type). */
export async function readStage<K extends StageKind>(repo: Pick<Store['clipJobs'], 'stageResult'>, jobId: string, key: StageKey<K>): Promise<StageResultTypes[K] | undefined> {
  return (await repo.stageResult(jobId, key)) as StageResultTypes[K] | undefined;
}

/** The stored results of one per-part kind, by part (`suggest:2` -> '2'). */
export async function readParts<K extends keyof StagePartTypes>(repo: Pick<Store['clipJobs'], 'stagesNamed'>, jobId: string, kind: K): Promise<Map<string, StageResultTypes[K]>> {
  const rows = await repo.stagesNamed(jobId, `${kind}:`);
  return new Map([...rows].map(([name, value]) => [name.slice(kind.length + 1), value as StageResultTypes[K]]));
}

/** A job's stored results in memory, read once when an attempt starts and kept as it stores more. */
export class JobStages {
  private constructor(private readonly results: Map<string, unknown>) {}

  static async load(repo: Pick<Store['clipJobs'], 'stageResults'>, jobId: string): Promise<JobStages> {
    return new JobStages(await repo.stageResults(jobId));
  }

  get<K extends StageKind>(key: StageKey<K>): StageResultTypes[K] | undefined {
    return this.results.get(key) as StageResultTypes[K] | undefined;
  }

  has(key: StageKey<StageKind>): boolean {
    return this.results.has(key);
  }

  /** The stored names (parseStageKey, namesOf read them). */
  names(): IterableIterator<string> {
    return this.results.keys();
  }

  /** Records a result just stored (the caller stored it). */
  set<K extends StageKind>(key: StageKey<K>, value: StageResultTypes[K]): void {
    this.results.set(key, value);
  }
}
