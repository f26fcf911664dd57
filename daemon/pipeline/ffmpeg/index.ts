// The ffmpeg / ffprobe wrapper every media stage goes through (FACTS.md: no fluent-ffmpeg).
export { mediaTool, mediaToolVersion, resolveMediaTool, MediaToolMissingError, type MediaTool, type MediaToolName } from './binaries.js';
export { runFfmpeg, runFfprobe, type FfmpegOptions } from './run.js';
export { progressParser } from './progress.js';
