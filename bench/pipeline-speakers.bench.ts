// Issue 30, item 6: what issue 30 adds to a job with no models, on a 10-minute and a 60-minute
// episode: the pitch track of the job's WAV (made with the analysis), the heuristic diarization
// of each section, and the no-request suggestion (hook, payoff, self-containedness, filler) as a
// whole, as a fraction of the video's length. Target: <= 0.05x together. The WAV is an eval
// episode's speech looped to length (`npm run eval -- episodes` makes them; the first one is used).
// Runs with `npm run bench pipeline` (next to pipeline.bench.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diarize, voicesOf } from '../daemon/pipeline/speakers/diarize.js';
import { pitchTrack } from '../daemon/pipeline/speakers/pitch.js';
import { suggestClips } from '../daemon/pipeline/suggest/index.js';
import { transcriptWords } from '../daemon/pipeline/language/sentences.js';
import { readWavInfo } from '../daemon/pipeline/transcribe/wav.js';
import type { Transcript } from '../daemon/pipeline/types.js';
import { makeTalk, TOPICS } from '../test/suggest/synthetic.js';
import { EPISODE_MEDIA, makeEpisode } from '../eval/episodes/make.js';
import { loadEpisode } from '../eval/episodes/script.js';

export async function run() {
  const source = join(EPISODE_MEDIA, 'episode-01.mp4');
  if (!existsSync(source)) makeEpisode(loadEpisode('episode-01'));
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-speakers-'));
  try {
    for (const minutes of [10, 60]) {
      const wav = join(work, `${minutes}.wav`);
      const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', source, '-t', String(minutes * 60), '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wav]);
      if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr.toString()}`);
      const seconds = minutes * 60;
      let t = performance.now();
      const pitch = await pitchTrack(await readWavInfo(wav), wav);
      const pitchMs = performance.now() - t;
      // A recognised talk as long as the video: the synthetic talk repeated.
      const talk = makeTalk(Object.values(TOPICS), { sentencesPer: 6 });
      const reps = Math.ceil(seconds / talk.probe.duration);
      const transcript: Transcript = { ...talk.transcript, segments: Array.from({ length: reps }, (_, k) => talk.transcript.segments.map((s) => ({ ...s, start: s.start + k * talk.probe.duration, end: s.end + k * talk.probe.duration, words: s.words.map((w) => ({ ...w, start: w.start + k * talk.probe.duration, end: w.end + k * talk.probe.duration })) }))).flat().filter((s) => s.end < seconds) };
      t = performance.now();
      const turns = diarize(transcriptWords(transcript), pitch, voicesOf(pitch));
      const diarizeMs = performance.now() - t;
      const analysis = { ...talk.analysis, loudness: Array.from({ length: Math.ceil(seconds / talk.analysis.loudnessStep) }, (_, i) => talk.analysis.loudness[i % talk.analysis.loudness.length]), silences: [], scenes: [] };
      const probe = { ...talk.probe, duration: seconds };
      // The daemon suggests section by section (180 s); the whole at once is the upper bound.
      t = performance.now();
      const clips = await suggestClips(transcript, analysis, probe, { language: 'en' });
      const suggestMs = performance.now() - t;
      const total = (pitchMs + diarizeMs + suggestMs) / 1000;
      process.stdout.write(
        `${minutes} min: pitch track ${(pitchMs / 1000).toFixed(2)} s, diarization ${(diarizeMs / 1000).toFixed(2)} s (${turns.length} turns), ` +
          `no-request suggestion ${(suggestMs / 1000).toFixed(2)} s (${clips.length} clips); together ${(total / seconds).toFixed(4)}x the video ` +
          `(target <= 0.05: ${total / seconds <= 0.05 ? 'ok' : 'MISSED'})\n`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
