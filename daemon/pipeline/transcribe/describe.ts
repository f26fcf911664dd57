import { mediaTool, mediaToolVersion, type MediaToolName } from '../ffmpeg/binaries.js';
import { assessEngines, type EngineCandidate, type EngineConfig, type EngineName } from './engines.js';

export interface ToolReport {
  name: MediaToolName;
  path?: string;
  /** env (CLIPPER_FFMPEG/CLIPPER_FFPROBE), path (a system build) or npm (the bundled fallback). */
  source?: 'env' | 'path' | 'npm';
  version?: string;
  error?: string;
}

/** Everything `clipper doctor` says about the local media pipeline. */
export interface PipelineReport {
  /** The engine that will transcribe and why, or why none can. */
  engine: { name: EngineName; reason: string } | { error: string };
  engines: EngineCandidate[];
  ffmpeg: ToolReport;
  ffprobe: ToolReport;
}

/** Which ffmpeg or ffprobe runs, from where, and its version (or why none can). */
export async function describeTool(name: MediaToolName, env: NodeJS.ProcessEnv = process.env): Promise<ToolReport> {
  try {
    const tool = await mediaTool(name, env);
    const version = await mediaToolVersion(tool).catch((e: Error) => `unknown (${e.message})`);
    return { name, path: tool.path, source: tool.source, version };
  } catch (e) {
    return { name, error: (e as Error).message };
  }
}

/** Which engine will run and why, the other engines' state, and which ffmpeg/ffprobe run. */
export async function describeEngines(config: EngineConfig = {}, env: NodeJS.ProcessEnv = process.env): Promise<PipelineReport> {
  const { candidates, chosen } = assessEngines(config, env);
  const [ffmpeg, ffprobe] = await Promise.all([describeTool('ffmpeg', env), describeTool('ffprobe', env)]);
  const engine = 'error' in chosen ? { error: chosen.error } : { name: chosen.engine.name, reason: chosen.engine.reason };
  return { engine, engines: candidates, ffmpeg, ffprobe };
}
