import { chmodSync, existsSync } from 'node:fs';
import { runProcess } from '../process.js';
import { findOnPath, isExecutable } from '../which.js';

export type MediaToolName = 'ffmpeg' | 'ffprobe';

/** Which ffmpeg / ffprobe runs, and why (`clipper doctor` shows it). */
export interface MediaTool {
  name: MediaToolName;
  path: string;
  /** env: CLIPPER_FFMPEG / CLIPPER_FFPROBE; path: found on PATH; npm: the bundled fallback. */
  source: 'env' | 'path' | 'npm';
}

/** Neither a configured, a system nor the bundled binary could be found. */
export class MediaToolMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaToolMissingError';
  }
}

const ENV_VAR: Record<MediaToolName, string> = { ffmpeg: 'CLIPPER_FFMPEG', ffprobe: 'CLIPPER_FFPROBE' };
const NPM_PACKAGE: Record<MediaToolName, string> = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };

/** The npm package's binary, when the package is installed and supports this platform. */
async function npmBinary(name: MediaToolName): Promise<string | undefined> {
  try {
    const mod = (await import(NPM_PACKAGE[name])) as { default?: { path?: string }; path?: string };
    const path = mod.default?.path ?? mod.path;
    if (!path || !existsSync(path)) return undefined;
    // The package makes its binary executable in a postinstall script, which npm may have
    // skipped (--ignore-scripts, or npm 11's install-script approval): do it here instead.
    if (!isExecutable(path)) chmodSync(path, 0o755);
    return isExecutable(path) ? path : undefined;
  } catch {
    // The package throws (a string) on unsupported platforms or when its binary is missing.
    return undefined;
  }
}

/**
 * Finds the binary (FACTS.md): an explicit CLIPPER_FFMPEG / CLIPPER_FFPROBE first, then a
 * maintained one on PATH (the npm build dates from 2018 and parses untrusted media), then the
 * npm binaries so that a machine with only Node still works.
 */
export async function resolveMediaTool(name: MediaToolName, env: NodeJS.ProcessEnv = process.env): Promise<MediaTool> {
  const configured = env[ENV_VAR[name]];
  if (configured) {
    const path = findOnPath(configured, env);
    if (!path) throw new MediaToolMissingError(`${ENV_VAR[name]}=${configured} is not an executable file`);
    return { name, path, source: 'env' };
  }
  const onPath = findOnPath(name, env);
  if (onPath) return { name, path: onPath, source: 'path' };
  const bundled = await npmBinary(name);
  if (bundled) return { name, path: bundled, source: 'npm' };
  throw new MediaToolMissingError(`${name} was not found: install it (apt-get install ffmpeg) or reinstall clipper's npm dependencies (${NPM_PACKAGE[name]})`);
}

const cache = new Map<string, Promise<MediaTool>>();

/** resolveMediaTool, remembered per environment (PATH and the override variable). */
export function mediaTool(name: MediaToolName, env: NodeJS.ProcessEnv = process.env): Promise<MediaTool> {
  const key = `${name}\0${env[ENV_VAR[name]] ?? ''}\0${env.PATH ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = resolveMediaTool(name, env);
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/** The version the binary reports (`ffmpeg version 5.1.9-0+deb12u1 ...` gives `5.1.9-0+deb12u1`). */
export async function mediaToolVersion(tool: MediaTool): Promise<string> {
  const { stdout } = await runProcess(tool.path, ['-version'], { captureStdout: true });
  const first = stdout.split('\n')[0] ?? '';
  return /version\s+(\S+)/.exec(first)?.[1] ?? first.trim();
}
