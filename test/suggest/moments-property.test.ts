// Property tests of clip choice on random conversations (two or three voices, stories of 20 to
// 200 s with interjections inside, questions with their answers, small talk between): a clip is
// a whole moment from its setup to its payoff (a moment over 90 s gives its best part and says
// so), one clip per moment, and the README's length rules: 15 to 90 s without a target (a source
// under 15 s aside), within 20% of `target_duration` with one.
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import type { Analysis, ProbeResult, Segment, Transcript } from '../../daemon/pipeline/types.js';
import { expectValidClips } from './invariants.js';
import { rng } from './synthetic.js';

const SUBJECTS = [
  ['bakery', 'flour', 'starter', 'oven', 'bread', 'dough', 'owner', 'morning'],
  ['customer', 'phone', 'boss', 'trust', 'invoice', 'call', 'price', 'market'],
  ['cloud', 'water', 'weight', 'elephants', 'hail', 'pounds', 'sky', 'storm'],
  ['office', 'headphones', 'walls', 'desk', 'meeting', 'noise', 'door', 'plan'],
  ['lemonade', 'winter', 'sign', 'cup', 'street', 'money', 'chocolate', 'neighbour'],
  ['garden', 'tomato', 'seed', 'soil', 'sun', 'harvest', 'weed', 'fence'],
];
const CHAT = ['yeah it has been okay busy you know how it is', 'the weather has been a bit grey anyway', 'do you want some water before we carry on', 'same here honestly okay good'];
const INTERJECTIONS = ['right', 'go on', 'no way', 'mm hm', 'and then what happened'];

interface Moment { start: number; end: number }

/** A conversation of `moments` moments between small talk; words carry their speaker when `voices`. */
function conversation(seed: number) {
  const random = rng(seed);
  const voices = random() < 0.7;
  const segments: Segment[] = [];
  const moments: Moment[] = [];
  let t = 1;
  const say = (text: string, speaker: string) => {
    const words = text.split(' ').map((w) => {
      const word = { text: w, start: Math.round(t * 100) / 100, end: Math.round((t + 0.27) * 100) / 100, confidence: 0.9, ...(voices ? { speaker } : {}) };
      t += 0.3;
      return word;
    });
    if (!text.endsWith('?')) words[words.length - 1].text += '.';
    segments.push({ start: words[0].start, end: words[words.length - 1].end, text, words });
    t += 0.35;
  };
  const turn = () => (t += 0.7 + random() * 0.5);
  const count = 2 + Math.floor(random() * 4);
  for (let m = 0; m < count; m++) {
    say(CHAT[Math.floor(random() * CHAT.length)], 'S1');
    turn();
    const words = SUBJECTS[(seed + m) % SUBJECTS.length];
    const start = t;
    const asked = random() < 0.5;
    if (asked) {
      say(`so how do you think about the ${words[0]} and the ${words[1]}?`, 'S1');
      turn();
    }
    const seconds = 20 + random() * 180;
    let payoff = t;
    while (t - start < seconds) {
      const pick = () => words[Math.floor(random() * words.length)];
      say(`then the ${pick()} met the ${pick()} near the ${pick()} and the ${pick()} changed everything for the ${pick()}`, 'S2');
      payoff = t - 0.35;
      if (random() < 0.25) {
        turn();
        say(INTERJECTIONS[Math.floor(random() * INTERJECTIONS.length)], 'S1');
        turn();
      }
    }
    moments.push({ start, end: payoff });
    turn();
  }
  say(CHAT[0], 'S1');
  const duration = Math.round((t + 1) * 100) / 100;
  const transcript: Transcript = { engine: 'pocketsphinx', language: 'en', segments };
  const analysis: Analysis = { silences: [], loudness: Array.from({ length: Math.ceil(duration) }, () => -20), loudnessStep: 1, scenes: [] };
  const probe = { duration, width: 640, height: 360, fps: 25, hasAudio: true, hasVideo: true } as ProbeResult;
  return { transcript, analysis, probe, moments };
}

const overlap = (a: Moment, b: Moment) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const SEEDS = Array.from({ length: 16 }, (_, i) => i + 1);

describe('clips are whole moments', () => {
  it.each(SEEDS)('without a target: 15 to 90 s, a whole moment each (its best part over 90 s, saying so), one per moment (seed %i)', async (seed) => {
    const talk = conversation(seed);
    const clips = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en' });
    expectValidClips(clips, talk);
    for (const c of clips) {
      expect(c.end - c.start, `${c.start}-${c.end}`).toBeGreaterThanOrEqual(15);
      expect(c.end - c.start, `${c.start}-${c.end}`).toBeLessThanOrEqual(90);
    }
    for (const m of talk.moments) {
      const on = clips.filter((c) => overlap(c, m) > 0.5 * Math.min(c.end - c.start, m.end - m.start));
      expect(on.length, `moment ${m.start}-${m.end}`).toBeLessThanOrEqual(1);
      for (const c of on) {
        if (m.end - m.start <= 88) {
          expect(c.start, `clip ${c.start}-${c.end} holds the setup of ${m.start}-${m.end}`).toBeLessThanOrEqual(m.start + 0.01);
          expect(c.end, `clip ${c.start}-${c.end} holds the payoff of ${m.start}-${m.end}`).toBeGreaterThanOrEqual(m.end - 0.01);
        } else if (m.end - m.start > 92) {
          expect(c.reason).toMatch(/shortened: the moment runs \d+:\d\d, this is its best \d+ s part/);
        }
      }
    }
  });

  it.each(SEEDS.filter((s) => s % 2 === 0))('with target_duration: within 20%% of it (seed %i)', async (seed) => {
    const talk = conversation(seed);
    const target = 20 + ((seed * 7) % 50);
    const clips = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en', targetDuration: target });
    expectValidClips(clips, talk);
    for (const c of clips) {
      expect(c.end - c.start, `${c.start}-${c.end} for ${target} s`).toBeGreaterThanOrEqual(0.8 * target - 0.01);
      expect(c.end - c.start, `${c.start}-${c.end} for ${target} s`).toBeLessThanOrEqual(1.2 * target + 0.01);
    }
  });

  it('gives clips beyond the moments only when asked for, and says so', async () => {
    const talk = conversation(3);
    const plain = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en' });
    expect(plain.length).toBeLessThanOrEqual(talk.moments.length);
    expect(plain.every((c) => !/extra clip/.test(c.reason))).toBe(true);
    const more = await suggestClips(talk.transcript, talk.analysis, talk.probe, { language: 'en', clipCount: talk.moments.length + 1 });
    expect(more.length).toBe(talk.moments.length + 1);
    const extras = more.filter((c) => /an extra clip beyond the video's moments/.test(c.reason));
    expect(extras.length).toBeGreaterThanOrEqual(1);
  });
});
