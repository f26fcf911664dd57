// With a request, a clip about it comes before every clip that is not, whatever its hook; and a
// request that shares no word with the passage it means ("why I cannot fall asleep at night" for
// a passage on insomnia) still finds it, against a louder distractor that opens on a question
// and uses the request's own words (falling asleep at the wheel at night).
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { aboutRequest, inTier, requestFirst } from '../../daemon/pipeline/suggest/request-order.js';
import type { Analysis, ProbeResult, Transcript } from '../../daemon/pipeline/types.js';

const PASSAGES = {
  insomnia: 'Most of the time I lie awake until three in the small hours, staring at the ceiling while my mind replays every conversation of the day. My doctor called it insomnia and gave me a list of rules. Get up at the same hour every morning, even on weekends. No screens in the bedroom, no coffee after lunch, and if you are still wide awake after twenty minutes, get up and read on the sofa until you feel drowsy. It sounded too simple, but after three weeks of a strict routine I now drift off within half an hour most evenings.',
  drowsy: 'Why would a tired driver ever risk it? Driving home from a late shift, I once fell asleep at the wheel for a second and woke up on the rumble strip. Road safety experts say drowsy drivers cause a large share of crashes at night, especially on long straight motorways. The signs are yawning, drifting between lanes and missing your exit. If you notice them, pull into the next service area, drink a coffee and take a nap of fifteen minutes. Falling asleep at night behind the wheel is as dangerous as driving drunk, and opening the window does not help for long.',
  compost: 'Half of what our household throws away is peelings, coffee grounds and eggshells, so we built a compost heap behind the shed. The rule is to mix green waste with brown material like dry leaves and torn cardboard, roughly equal parts. Keep the heap as damp as a wrung sponge and fork it over every few weeks to let air in. Worms arrive on their own. After about nine months the bottom of the heap becomes dark and crumbly and smells like a forest floor. We spread it on the vegetable beds every spring.',
  faucet: 'The kitchen faucet dripped all night and kept me awake, so I took it apart myself. First shut the valve under the sink and open the handle to drain the pipe. Unscrew the handle, then use a spanner to loosen the cartridge nut. In my case the rubber washer was worn flat and cracked. I took it to the hardware store, bought a matching washer for a few pence and put everything back together. Turn the valve on slowly and check for drips. The whole job took twenty minutes and saved a call out fee.',
};
type Name = keyof typeof PASSAGES;

/** The passages spoken in order, 0.4 s a word, pauses between sentences and passages; `loud` ones 8 dB louder. */
function talk(order: Name[], loud: Name[]) {
  const segments: Transcript['segments'] = [];
  const silences: Analysis['silences'] = [];
  const spans: Record<string, { start: number; end: number }> = {};
  const level: { end: number; db: number }[] = [];
  let t = 1;
  for (const name of order) {
    const start = t;
    for (const sentence of PASSAGES[name].match(/[^.?]+[.?]/g)!.map((s) => s.trim())) {
      const words = sentence.split(' ').map((text) => ({ text, start: t, end: (t += 0.38), confidence: 0.9 }));
      segments.push({ text: sentence, start: words[0].start, end: t, words });
      silences.push({ start: t + 0.05, end: t + 0.55 });
      t += 0.6;
    }
    spans[name] = { start, end: t };
    level.push({ end: t, db: loud.includes(name) ? -12 : -20 });
    silences[silences.length - 1].end += 1.5;
    t += 1.5;
  }
  const duration = t + 1;
  const loudness = Array.from({ length: Math.ceil(duration) }, (_, s) => level.find((l) => s < l.end)?.db ?? -60);
  const analysis: Analysis = { silences, loudness, loudnessStep: 1, scenes: [] };
  const probe: ProbeResult = { duration, width: 1280, height: 720, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' };
  return { transcript: { engine: 'none', language: 'en', segments } as Transcript, analysis, probe, spans };
}

const share = (c: { start: number; end: number }, s: { start: number; end: number }) => Math.max(0, Math.min(c.end, s.end) - Math.max(c.start, s.start)) / (c.end - c.start);

describe('the request decides the order', () => {
  it('a topic is about the request near the best one and above a floor; the tiers keep every about-clip first', () => {
    expect(aboutRequest([0.3, 0.28, 0.2, 0.05])).toEqual([true, true, false, false]);
    expect(aboutRequest([0.05, 0.04])).toEqual([false, false]);
    const ranked = requestFirst([{ score: 0.95, utility: 0.95, t: 1 }, { score: 0.3, utility: 0.3, t: 0 }], [0.3, 0.1], (c) => c.t).sort((a, b) => b.score - a.score);
    expect(ranked.map((c) => c.t)).toEqual([0, 1]);
    expect(inTier(1, false)).toBeLessThanOrEqual(inTier(0, true));
  });

  it('"why I cannot fall asleep at night" finds insomnia first, before the louder drowsy driving that opens on a question', async () => {
    const { transcript, analysis, probe, spans } = talk(['compost', 'drowsy', 'faucet', 'insomnia'], ['drowsy']);
    const clips = await suggestClips(transcript, analysis, probe, { criteria: 'why I cannot fall asleep at night', language: 'en' });
    expect(share(clips[0], spans.insomnia)).toBeGreaterThan(0.75);
    const drowsy = clips.findIndex((c) => share(c, spans.drowsy) > 0.5);
    if (drowsy >= 0) expect(drowsy).toBeGreaterThan(0);
  });
});

describe('the request decides the order, whatever the scores (property)', () => {
  /** A small seeded generator (no test depends on the clock). */
  function seeded(seed: number) {
    let s = seed >>> 0;
    return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  }

  it('every clip on a topic about the request ranks above every clip on one that is not, and in the upper tier a topic nearer the best one is not passed on a slightly better score', () => {
    const random = seeded(7);
    for (let round = 0; round < 300; round++) {
      const topics = Array.from({ length: 2 + Math.floor(random() * 5) }, () => random() * 0.5);
      const candidates = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const score = random();
        return { score, utility: score * (0.5 + random() / 2), t: Math.floor(random() * (topics.length + 1)) - 1 };
      });
      const about = aboutRequest(topics);
      const ranked = requestFirst(candidates, topics, (c) => c.t);
      for (const a of ranked) {
        for (const b of ranked) {
          if (about[a.t] === true && about[b.t] !== true) {
            expect(a.score).toBeGreaterThan(b.score);
            expect(a.utility).toBeGreaterThan(b.utility);
          }
        }
      }
      const best = topics.indexOf(Math.max(...topics));
      const lesser = topics.findIndex((r, k) => about[k] && r < 0.97 * topics[best]);
      if (lesser >= 0) {
        const [onBest, onLesser] = requestFirst([{ score: 0.7, utility: 0.7, t: best }, { score: 0.72, utility: 0.72, t: lesser }], topics, (c) => c.t);
        expect(onBest.score).toBeGreaterThan(onLesser.score);
      }
    }
  });
});
