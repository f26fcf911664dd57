import type { FaceTimeline } from './sample.js';
import { boxAt, type FaceTrack } from './tracks.js';

/** A stretch of speech, seconds from the clip start. */
export interface Span {
  start: number;
  end: number;
}

/** Another face must out-talk the current subject this long (s) before the framing switches. */
export const SWITCH_AFTER = 1.5;
/** ... by this factor and margin (grey levels of mouth change), so equal talkers never flip. */
const LEAD_FACTOR = 1.5;
const LEAD_MARGIN = 0.8;
/** Mouth activity is averaged over this many seconds either side of a sample. */
const ACTIVITY_WINDOW = 0.75;

const inSpeech = (speech: Span[] | undefined, t: number) => !speech || speech.some((s) => t >= s.start - 0.25 && t <= s.end + 0.25);

function talking(track: FaceTrack, t: number): number {
  let sum = 0;
  let n = 0;
  for (const a of track.activity) {
    if (a.t < t - ACTIVITY_WINDOW) continue;
    if (a.t > t + ACTIVITY_WINDOW) break;
    sum += a.a;
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * The subject at each sample (a track id, or undefined with no face): issue 17, "chooses the
 * speaking person when there are several (the face whose mouth moves while there is speech,
 * with hysteresis so a short noise never switches)". The subject changes at once when it leaves
 * (or at a cut), otherwise only after another face has clearly out-talked it, during speech,
 * for SWITCH_AFTER seconds: a cough, a laugh or a nod of the listener does not move the camera.
 * `speech` undefined means no transcript: mouths alone decide.
 */
export function chooseSubjects(timeline: FaceTimeline, speech?: Span[]): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  let current: number | undefined;
  let challenger: number | undefined;
  let since = 0;
  for (const t of timeline.times) {
    const visible = timeline.tracks.filter((tr) => boxAt(tr, t));
    const score = (tr: FaceTrack) => (inSpeech(speech, t) ? talking(tr, t) : 0);
    const size = (tr: FaceTrack) => boxAt(tr, t)!.w;
    if (current === undefined || !visible.some((tr) => tr.id === current)) {
      // Nobody yet, or the subject left: the face talking most, else the largest.
      const best = [...visible].sort((a, b) => score(b) - score(a) || size(b) - size(a))[0];
      current = best?.id;
      challenger = undefined;
    } else {
      const mine = score(timeline.tracks[current]);
      const rival = visible.filter((tr) => tr.id !== current).sort((a, b) => score(b) - score(a))[0];
      const leads = rival && inSpeech(speech, t) && score(rival) > mine * LEAD_FACTOR + LEAD_MARGIN;
      if (!leads) challenger = undefined;
      else if (challenger !== rival.id) (challenger = rival.id), (since = t);
      else if (t - since >= SWITCH_AFTER) (current = rival.id), (challenger = undefined);
    }
    out.push(current);
  }
  return out;
}
