import { wholeFrame, type FaceDetector, type Tile } from './detector.js';
import { bestShift, cells } from './shift.js';
import type { FaceTrack, TrackSet } from './tracks.js';
import type { Box } from './types.js';

// Where the face detector looks at each sample, so that it costs a fraction of the preview it
// frames (issue 17, item 5: "face tracking adds at most 25% ... to the job's preview stage").
// The whole frame (two 320 px tiles, ~60 ms of network each) is looked at at the start, after a
// cut, and when a followed face was lost. While ONE face is followed (a talking head), the whole
// frame is looked at again every WHOLE_EVERY seconds if the picture changed away from that
// person (somebody may have walked in), else every WHOLE_MAX. In between, every `every` seconds,
// the face is followed without the detector where the picture inside its box moved without
// changing (shift.ts: a speaker holding still or swaying), up to FOLLOW_MAX seconds after its
// last detection; else it is looked for in a square around it at ROI_INPUT px (~8 ms). With
// several faces (or none) the whole frame is looked at every `every` seconds: see look().

/** Seconds between whole-frame looks while one face is followed and the picture away from it changed ... */
const WHOLE_EVERY = 4;
/** ... and while it did not (a new face is found this late at worst). */
const WHOLE_MAX = 12;
/** A block of the motion grid changed by this (grey levels) since the last whole look: "changed". */
const NEW_DIFF = 12;
/** A followed person: the face and this many face widths either side (shoulders, gesturing hands), from above the face to the bottom. */
const PERSON_SIDE = 2;
/** After this many whole-frame looks in a row without a face, look every FACELESS_EVERY seconds. */
const FACELESS_AFTER = 3;
const FACELESS_EVERY = 2;
/** A followed face is looked for in a square this many times its size, at this network input. */
const ROI_SIDE = 2;
const ROI_INPUT = 128;
/** Followed without the detector: within this share of its width, when the box then differs from its detection by less than MATCH_DIFF (mean grey level of 8x8 blocks) ... */
const FOLLOW_REACH = 0.4;
const MATCH_DIFF = 6;
/** ... and detected again at least this often (s). */
const FOLLOW_MAX = 2;

/** A sample: its integral image (shift.ts), and its colours for the parts the detector is given (made on demand). */
export interface Picture {
  sums: Uint32Array;
  rgb(parts: Box[]): Buffer;
}

/** The motion grid of a sample (sample.ts): cols x rows block averages of the whole picture. */
export interface Grid {
  cols: number;
  rows: number;
  blocks: Float32Array;
}

interface Looked {
  /** Last time the face was looked at (detected or followed) and last time it was detected. */
  t: number;
  detected: number;
  /** How its box looked when it was detected (shift.ts cells). */
  ref: Float32Array;
}

export class Looker {
  private lastWhole = -Infinity;
  private gridAtWhole?: Float32Array;
  /** The followed face at the last whole look (a person who moved changed the picture where they were, too). */
  private faceAtWhole?: Box;
  private wholeNext = true;
  private misses = 0;
  private looked = new Map<FaceTrack, Looked>();

  constructor(
    private readonly detector: FaceDetector,
    private readonly tracks: TrackSet,
    private readonly size: { width: number; height: number },
    /** Seconds between looks at a followed face (and at the frame before FACELESS_AFTER). */
    private readonly every: number,
  ) {}

  /** A scene cut: look at the whole frame at once (every face left with the old scene). */
  cut(): void {
    this.wholeNext = true;
    this.looked.clear();
  }

  /** Runs the detector where it is due at sample time `t` and tells the tracks what it found. */
  async look(t: number, picture: Picture, grid: Grid): Promise<void> {
    const following = this.tracks.following;
    const since = t - this.lastWhole + 1e-6;
    // Several faces: the speaker is chosen by mouth movement measured in each face's box, so
    // every face's box comes from the same whole-frame look, every `every` seconds (a box from a
    // square look sits a few pixels off, which the mouth measure would read as talking).
    const whole =
      following.length === 1
        ? since >= WHOLE_MAX || (since >= WHOLE_EVERY && this.changedAway(grid, following[0].box))
        : since >= (following.length === 0 && this.misses >= FACELESS_AFTER ? Math.max(this.every, FACELESS_EVERY) : this.every);
    if (this.wholeNext || whole) {
      const faces = await this.detect(picture);
      this.found(t, picture.sums, this.tracks.detected(t, faces));
      this.misses = faces.length ? 0 : this.misses + 1;
      this.lastWhole = t;
      this.gridAtWhole = grid.blocks;
      this.faceAtWhole = this.tracks.following.length === 1 ? this.tracks.following[0].box : undefined;
      this.wholeNext = false;
      return;
    }
    const tiles: Tile[] = [];
    const asked: FaceTrack[] = [];
    for (const { track, box } of following) {
      const last = this.looked.get(track);
      if (last && t - last.t < this.every - 1e-6) continue;
      if (last && t - last.detected < FOLLOW_MAX - 1e-6) {
        const s = bestShift(picture.sums, this.size.width, this.size.height, last.ref, box, Math.round(FOLLOW_REACH * box.w));
        if (s.diff < MATCH_DIFF && this.tracks.held(t, track, { ...box, x: box.x + s.dx, y: box.y + s.dy })) {
          last.t = t;
          continue;
        }
      }
      tiles.push({ ...this.regionOf(box), inputSize: ROI_INPUT });
      asked.push(track);
    }
    if (!tiles.length) return;
    const found = this.tracks.detected(t, await this.detect(picture, tiles));
    this.found(t, picture.sums, found);
    // A face not in its square moved fast or turned away: the whole frame is looked at next.
    if (asked.some((tr) => !found.includes(tr))) this.wholeNext = true;
  }

  /** Whether the picture changed since the last whole look anywhere but where the followed person is or was then. */
  private changedAway(grid: Grid, face: Box): boolean {
    if (!this.gridAtWhole || !this.faceAtWhole) return true;
    const bw = this.size.width / grid.cols;
    const bh = this.size.height / grid.rows;
    const faces = [face, this.faceAtWhole];
    const person = (c: number, r: number) =>
      faces.some((f) => (c + 1) * bw > f.x - PERSON_SIDE * f.w && c * bw < f.x + (1 + PERSON_SIDE) * f.w && (r + 1) * bh > f.y - f.h / 2);
    for (let k = 0; k < grid.blocks.length; k++) {
      if (Math.abs(grid.blocks[k] - this.gridAtWhole[k]) > NEW_DIFF && !person(k % grid.cols, Math.floor(k / grid.cols))) return true;
    }
    return false;
  }

  private detect(picture: Picture, tiles = wholeFrame(this.size.width, this.size.height)) {
    return this.detector.detect(picture.rgb(tiles), this.size.width, this.size.height, tiles);
  }

  private found(t: number, sums: Uint32Array, tracks: FaceTrack[]): void {
    for (const { track, box } of this.tracks.following) {
      if (tracks.includes(track)) this.looked.set(track, { t, detected: t, ref: cells(sums, this.size.width, this.size.height, box) });
    }
  }

  /** The square ROI_SIDE times the face's size around it, inside the frame. */
  private regionOf(box: Box): Box {
    const { width, height } = this.size;
    const side = Math.round(Math.min(width, height, Math.max(64, ROI_SIDE * Math.max(box.w, box.h))));
    const x = Math.round(Math.min(width - side, Math.max(0, box.x + box.w / 2 - side / 2)));
    const y = Math.round(Math.min(height - side, Math.max(0, box.y + box.h / 2 - side / 2)));
    return { x, y, w: side, h: side };
  }
}
