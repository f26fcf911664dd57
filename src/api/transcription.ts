// Extension GET /v1/transcription (issue 27, item 10): the speech engine and model the running
// daemon gives the next clip job, so `clipper doctor` reports what the daemon will do rather
// than what a daemon started now would do. Chosen again when models are added or removed.

import { z } from 'zod';

export const speechEngineSchema = z.object({
  engine: z.enum(['sherpa-onnx', 'whisper.cpp', 'pocketsphinx', 'none']),
  model: z.string().optional().describe('The speech model, for engines that load one'),
  reason: z.string().describe('Why this engine was chosen, or why none can run'),
});
export type SpeechEngineView = z.infer<typeof speechEngineSchema>;
