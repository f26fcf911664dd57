// Synthetic recognised talks for the suggester's tests: topic paragraphs of template sentences,
// with word timings, sentence pauses and paragraph pauses like pocketsphinx produces them, plus the
// matching signal analysis (silences in the pauses, loudness per 0.1 s, scene changes).
import type { Analysis, ProbeResult, Segment, Transcript } from '../../daemon/pipeline/types.js';

export interface Topic {
  name: string;
  /** Words that fill the templates' slots. */
  words: string[];
  /** Loudness (LUFS) of this paragraph's speech. */
  loudness?: number;
}

export interface Talk {
  transcript: Transcript;
  analysis: Analysis;
  probe: ProbeResult;
  paragraphs: { name: string; start: number; end: number }[];
}

const TEMPLATES = [
  'today i want to talk about {w}',
  '{w} is something that matters a lot more than people think',
  'when we look at {w} and {w} we start to see the whole picture',
  'most people never think about {w} at all',
  'here is the thing about {w}',
  'i spent years learning about {w} and {w}',
  'the first lesson was simple {w} changes everything',
  'it took me a long time to understand {w}',
  'we tried a different approach to {w} last year',
  'the results surprised everyone on the team',
  'that is why {w} deserves attention',
  'let me give one example of {w}',
  'everyone in the room agreed on {w}',
  'my neighbour told me a story about {w} and {w}',
  'we wrote down every detail in a notebook',
];

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same talk. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function paragraphSentences(topic: Topic, count: number, random: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const template = TEMPLATES[(i * 7 + Math.floor(random() * 3)) % TEMPLATES.length];
    out.push(template.replace(/\{w\}/g, () => topic.words[Math.floor(random() * topic.words.length)]));
  }
  return out;
}

/** A talk of one paragraph per topic (each `sentencesPer` sentences, about 4 s a sentence). */
export function makeTalk(topics: Topic[], opts: { sentencesPer?: number; seed?: number; tail?: number } = {}): Talk {
  const random = rng(opts.seed ?? 7);
  const segments: Segment[] = [];
  const silences: Analysis['silences'] = [];
  const paragraphs: Talk['paragraphs'] = [];
  const speech: { start: number; end: number; level: number }[] = [];
  let t = 1.0;
  for (const topic of topics) {
    const pStart = t;
    paragraphs.push({ name: topic.name, start: pStart, end: 0 });
    for (const sentence of paragraphSentences(topic, opts.sentencesPer ?? 16, random)) {
      const words = sentence.split(' ').map((text) => {
        const start = t;
        const end = Math.round((t + 0.16 + 0.045 * text.length) * 100) / 100;
        t = Math.round((end + 0.03 + random() * 0.05) * 100) / 100;
        return { text, start, end, confidence: 0.9 };
      });
      const sStart = words[0].start;
      const sEnd = words[words.length - 1].end;
      segments.push({ text: sentence, start: sStart, end: sEnd, words });
      speech.push({ start: sStart, end: sEnd, level: topic.loudness ?? -20 });
      const pause = 0.55 + random() * 0.25;
      silences.push({ start: sEnd + 0.05, end: sEnd + pause - 0.05 });
      t = Math.round((sEnd + pause) * 100) / 100;
    }
    paragraphs[paragraphs.length - 1].end = segments[segments.length - 1].end;
    // Paragraph break: a longer pause.
    silences[silences.length - 1].end += 1.2;
    t += 1.2;
  }
  const duration = Math.round((t + (opts.tail ?? 1)) * 100) / 100;
  const loudnessStep = 0.1;
  const loudness = Array.from({ length: Math.ceil(duration / loudnessStep) }, (_, i) => {
    const time = i * loudnessStep;
    const s = speech.find((x) => time >= x.start && time < x.end);
    return s ? s.level + (random() - 0.5) * 4 : -62 + random() * 3;
  });
  return {
    transcript: { engine: 'pocketsphinx', language: 'en', segments },
    analysis: { silences, loudness, loudnessStep, scenes: paragraphs.slice(1).map((p) => p.start - 0.6) },
    probe: { duration, width: 1280, height: 720, fps: 30, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' },
    paragraphs,
  };
}

/** Topics of the 10-minute talk. Pricing never says "cost" and humour never says "funny". */
export const TOPICS: Record<string, Topic> = {
  garden: { name: 'garden', words: ['the garden', 'tomato seeds', 'the soil', 'compost', 'watering plants', 'dry soil', 'the greenhouse'] },
  pricing: { name: 'pricing', words: ['pricing', 'the price', 'higher prices', 'our pricing page', 'discounts', 'the monthly price'] },
  humour: { name: 'humour', words: ['hilarious stories', 'an amusing mistake', 'the comedy club', 'a hilarious sketch', 'comic timing', 'amusing jokes'] },
  trains: { name: 'trains', words: ['the night train', 'railway stations', 'the timetable', 'a long journey', 'sleeping cars', 'the locomotive'] },
  music: { name: 'music', words: ['the guitar', 'a new melody', 'piano chords', 'the orchestra', 'our rehearsal', 'the concert hall'] },
  sleep: { name: 'sleep', words: ['deep sleep', 'the bedroom', 'a quiet night', 'dreams', 'the alarm clock', 'an afternoon nap'] },
  space: { name: 'space', words: ['the rocket', 'the orbit', 'distant planets', 'the telescope', 'the launch pad', 'astronauts'] },
  bread: { name: 'bread', words: ['the oven', 'sourdough bread', 'the flour', 'the dough', 'a warm loaf', 'the bakery'] },
};
