// The media half of the pipeline (issue 4): pure functions of files returning the shapes of
// ../types.ts. The job runner calls these; nothing here touches the database or the events.
//
//   probe(file)                         -> ProbeResult         (ffprobe)
//   extractAudio(file, wavOut)          -> wavOut              (16 kHz mono s16 WAV)
//   chooseEngine(config).transcribe(wav) -> Transcript         (whisper.cpp | pocketsphinx | none)
//   analyse(file, probe)                -> Analysis            (pauses, loudness, scenes; one pass)
//   renderPreview(file, {start, end, out}) -> PreviewResult    (9:16 MP4, long side <= 640)
//
// Every stage takes {signal, onProgress}: an abort kills the child process, progress is 0..1.
export { probe, summariseProbe } from './probe.js';
export { extractAudio, type ExtractAudioOptions } from './audio.js';
export { analyse, type AnalyseOptions } from './analyse.js';
export { renderPreview, type PreviewOptions, type PreviewResult } from './preview.js';
export { MediaError } from './errors.js';

export { chooseEngine, assessEngines, type EngineConfig, type EngineCandidate, type EngineName } from '../transcribe/engines.js';
export { describeEngines, describeTool, type PipelineReport, type ToolReport } from '../transcribe/describe.js';
export { PocketsphinxEngine, type PocketsphinxOptions } from '../transcribe/pocketsphinx.js';
export { findPocketsphinx, type PocketsphinxSetup } from '../transcribe/pocketsphinx-setup.js';
export { WhisperCppEngine, type WhisperSetup } from '../transcribe/whisper.js';
export { NoSpeechEngine } from '../transcribe/none.js';
export { listModels, modelsDir, ModelError, type ModelInfo } from '../transcribe/models.js';
export { installModel, removeModel, type InstallOptions } from '../transcribe/model-install.js';

export { mediaTool, mediaToolVersion, runFfmpeg, runFfprobe, MediaToolMissingError, type MediaTool } from '../ffmpeg/index.js';
export { AbortError, isAbortError, ProcessError } from '../process.js';
