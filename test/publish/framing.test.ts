import { describe, expect, it } from 'vitest';
import { centreCrop, letterbox } from '../../daemon/pipeline/media/framing.js';
import { escapeFilterValue, fullRenderArgs } from '../../daemon/pipeline/render/render-graph.js';

const crop = (width: number, height: number) => centreCrop({ source: { width, height }, start: 0, end: 10 }, { width: 1080, height: 1920 });

describe('9:16 framing (centre crop)', () => {
  it.each([
    [1920, 1080, 'crop=606:1080:657:0'], // landscape: full height, the middle 9:16
    [1080, 1920, 'crop=1080:1920:0:0'], // already 9:16
    [720, 1600, 'crop=720:1280:0:160'], // taller than 9:16: full width, the middle
    [640, 360, 'crop=202:360:219:0'],
  ])('crops %ix%i to %s, then scales to 1080x1920', (w, h, expected) => {
    expect(crop(w, h)).toBe(`${expected},scale=1080:1920:flags=bicubic,setsar=1`);
  });

  it('frames previews with the same crop at their size, or letterboxes them on request', () => {
    expect(centreCrop({ source: { width: 1920, height: 1080 }, start: 0, end: 1 }, { width: 360, height: 640 })).toBe('crop=606:1080:657:0,scale=360:640:flags=bicubic,setsar=1');
    expect(letterbox({ source: { width: 1920, height: 1080 }, start: 0, end: 1 }, { width: 360, height: 640 })).toBe('scale=360:202:flags=bicubic,pad=360:640:(ow-iw)/2:(oh-ih)/2:black,setsar=1');
  });

  it('escapes file names for the filter graph and cuts on the clip boundaries', () => {
    // Option level escapes \ ' : ; graph level then \ ' [ ] , ; (checked against ffmpeg by hand).
    expect(escapeFilterValue("/tmp/a b:c'd,e[1];.ass")).toBe(String.raw`/tmp/a b\\:c\\\'d\,e\[1\]\;.ass`);
    const args = fullRenderArgs({ source: 's.mp4', start: 12.5, end: 42.25, assFile: '/tmp/c.ass', width: 1920, height: 1080, hasAudio: false, output: 'o.mp4' });
    expect(args.slice(0, 6)).toEqual(['-ss', '12.500', '-t', '29.750', '-i', 's.mp4']);
    expect(args).toContain('anullsrc=r=48000:cl=stereo');
    expect(args.join(' ')).toMatch(/-c:v libx264 .*-c:a aac/);
  });
});
