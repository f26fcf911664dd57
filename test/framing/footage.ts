import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// The footage of fixtures/make-faces.sh (made once into fixtures/generated/faces/) and where its
// faces truly are. The astronaut's face is centred at (221, 131) of the 512x512 portrait
// (measured with the detector's landmarks); the script scales and places the portrait.

export function faceFootage(): string {
  return execFileSync('bash', [join(process.cwd(), 'fixtures', 'make-faces.sh')], { encoding: 'utf8', timeout: 300_000 }).trim();
}

const FACE = { x: 221, y: 131 };

/** move.mp4: the portrait at 560 px, x per the script's overlay expression, y = 80. */
export function movingFaceAt(t: number): { x: number; y: number } {
  const s = 560 / 512;
  const ox = t < 3 ? 100 : t < 7 ? 100 + (t - 3) * 150 : t < 10 ? 700 : 300;
  return { x: ox + FACE.x * s, y: 80 + FACE.y * s };
}
export const MOVE = { file: 'move.mp4', duration: 14, cut: 10, source: { width: 1280, height: 720 } };

/** two.mp4: the portrait at 480 px at x=40 and, mirrored, at x=760; y = 120. */
export const TWO = {
  file: 'two.mp4',
  duration: 16,
  source: { width: 1280, height: 720 },
  left: { x: 40 + FACE.x * (480 / 512), y: 120 + FACE.y * (480 / 512) },
  right: { x: 760 + (512 - FACE.x) * (480 / 512), y: 120 + FACE.y * (480 / 512) },
  /** The left face talks before this, the right one after (and the left coughs 11.0-11.6 s). */
  turn: 8,
};
