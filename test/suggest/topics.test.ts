// Issue 20, item 2: topic segmentation when the recogniser writes each topic's speech as one long
// sentence (pocketsphinx on short topics, breaths of 0.3 s inside a topic and 2 s between topics):
// most gaps between sentences are then topic changes, so the pause that counts as usual comes from
// the breaths between phrases, not from the gaps between sentences.
import { describe, expect, it } from 'vitest';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import { segmentTopics } from '../../daemon/pipeline/suggest/topics.js';
import type { Segment } from '../../daemon/pipeline/types.js';
import { makeTalk, TOPICS } from './synthetic.js';

const BREATH = 0.3;
const TOPIC_PAUSE = 2;

/** Five 12 s paragraphs of like words (only the pauses tell them apart), each one segment, no scene changes. */
function oneSentencePerTopic() {
  const talk = makeTalk([1, 2, 3, 4, 5].map((k) => ({ ...TOPICS.garden, name: `garden ${k}` })), { sentencesPer: 3, seed: 11 });
  let t = 1;
  const starts: number[] = [];
  const silences: { start: number; end: number }[] = [];
  const segments: Segment[] = talk.paragraphs.map((p) => {
    starts.push(t);
    const words = talk.transcript.segments.filter((s) => s.start >= p.start && s.end <= p.end).flatMap((s) => {
      const shift = t - s.start;
      const moved = (s.words ?? []).map((w) => ({ ...w, start: w.start + shift, end: w.end + shift }));
      t = moved[moved.length - 1].end + BREATH;
      return moved;
    });
    const end = words[words.length - 1].end;
    silences.push({ start: end + 0.05, end: end + TOPIC_PAUSE - 0.05 });
    t = end + TOPIC_PAUSE;
    return { text: words.map((w) => w.text).join(' '), start: words[0].start, end, words };
  });
  const probe = { ...talk.probe, duration: t };
  return { starts, transcript: { ...talk.transcript, segments }, analysis: { ...talk.analysis, silences, scenes: [] }, probe };
}

describe('topic segmentation', () => {
  it('cuts at the long pauses when every topic is one recognised sentence', () => {
    const talk = oneSentencePerTopic();
    const src = buildSource(talk.transcript, talk.analysis, talk.probe, 'en');
    expect(src.sentences.length).toBe(5);
    expect(segmentTopics(src).map((t) => t.start.toFixed(1))).toEqual(talk.starts.map((s) => s.toFixed(1)));
  });
});
