import type { JobStage, JobWarning } from '../../../src/api/clips.js';
import type { ClipJobRow } from '../../store/clip-jobs.js';
import type { ClipRow } from '../../store/clips.js';
import type { Store } from '../../store/index.js';
import type { Ranking } from '../../pipeline/llm/choose.js';
import { namesOf, readStage, stageKey, type SectionResult } from './stage-results.js';

/**
 * What a running job is doing (issue 13, item 9: "Show the stage (downloading, transcribing,
 * finding clips, previews n/m)"), from what it has stored: the first step still open, in
 * pipeline order, with its parts counted. Stages overlap (previews start while later chunks
 * are transcribed), so this is the earliest unfinished one.
 */
export async function jobStage(job: ClipJobRow, names: string[], clips: ClipRow[], repo: Pick<Store['clipJobs'], 'stageResult'>): Promise<JobStage | undefined> {
  if (job.status === 'queued') return { name: 'queued' };
  if (job.status !== 'processing') return undefined;
  const has = new Set(names);
  if (!has.has(stageKey('ingest'))) return { name: job.source_type === 'url' ? 'downloading' : 'preparing' };
  const plan = has.has(stageKey('plan')) ? await readStage(repo, job.id, stageKey('plan')) : undefined;
  if (!plan) return { name: 'preparing' };
  const previews = { done: clips.filter((c) => c.preview_key).length, total: clips.length };
  // The sentence encoder fetched for the request, while it downloads beside the other steps.
  const fetching = has.has(stageKey('encoder')) ? await readStage(repo, job.id, stageKey('encoder')) : undefined;
  const download = fetching && !fetching.done ? { model: fetching.model, done: fetching.received, ...(fetching.total ? { total: fetching.total } : {}) } : undefined;
  const withPreviews = (s: JobStage): JobStage => ({ ...s, ...(previews.total ? { previews } : {}), ...(download ? { download } : {}) });
  const chunks = namesOf(names, 'transcribe').length;
  if (chunks < plan.chunks.length) return withPreviews({ name: 'transcribing', done: chunks, total: plan.chunks.length });
  const sections = namesOf(names, 'suggest').length;
  if (sections < plan.sections.length) return withPreviews({ name: 'finding_clips', done: sections, total: plan.sections.length });
  return { name: 'rendering_previews', ...previews };
}

/** The warnings the job's run recorded, oldest first. */
export async function jobWarnings(job: ClipJobRow, names: string[], repo: Pick<Store['clipJobs'], 'stageResult'>): Promise<JobWarning[]> {
  const warnings = namesOf(names, 'warning').sort((a, b) => (a.name < b.name ? -1 : 1));
  return Promise.all(warnings.map(async ({ part }) => ({ code: part, message: String((await readStage(repo, job.id, stageKey('warning', part)))?.message ?? '') })));
}

/**
 * The sections' rankings as one: by the model only if every section was, with the first problem
 * (the job-wide ranking's, issue 28 item 2a, after the sections').
 */
export function jobRanking(sections: Map<string, SectionResult>, whole?: Ranking): Ranking | undefined {
  const all = [...sections.values()].map((s) => s.ranking).filter((r): r is Ranking => r !== undefined);
  if (whole?.note) all.push({ ...whole, by: all.length && all.every((r) => r.by === 'llm') ? 'llm' : 'heuristics' });
  if (!all.length) return undefined;
  const model = all.find((r) => r.model)?.model;
  const note = all.find((r) => r.note)?.note;
  const embedding = all.find((r) => r.embedding)?.embedding;
  return { by: all.every((r) => r.by === 'llm') ? 'llm' : 'heuristics', ...(model ? { model } : {}), ...(embedding ? { embedding } : {}), ...(note ? { note } : {}) };
}
