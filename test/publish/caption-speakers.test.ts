import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_STYLES } from '../../src/api/looks.js';
import { buildAss } from '../../daemon/pipeline/render/captions-ass.js';
import { SPEAKER_COLOURS, TURN_DASH } from '../../daemon/pipeline/render/caption-speakers.js';
import { captionsKey } from '../../daemon/resources/renders/task.js';
import type { Word } from '../../daemon/pipeline/types.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect, insertClip, objectFile, previewReady, probe, sourceVideo } from './helpers.js';

// Issue 30, item 3: "captions can show who speaks (a style option)", the `caption_speakers`
// extension field of renders and posts (off by default).

/** A question by S1 and its answer by S2, then S1 again, from 1 s on. */
function dialogueWords(): Word[] {
  const turns: Array<[string, string]> = [['S1', 'what did you charge?'], ['S2', 'ten dollars a month'], ['S1', 'too little']];
  const words: Word[] = [];
  let t = 1;
  for (const [speaker, text] of turns) {
    for (const word of text.split(' ')) {
      words.push({ text: word, start: t, end: t + 0.3, speaker });
      t += 0.35;
    }
    t += 0.2;
  }
  return words;
}
const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:')).map((l) => l.split(',,0,0,0,,')[1]);
const [BLUE] = SPEAKER_COLOURS;

describe('captions marked by speaker', () => {
  it('off by default: no dash, no speaker colour, lines as before', () => {
    const plain = buildAss(dialogueWords(), 1, 6);
    expect(plain).not.toContain(TURN_DASH);
    expect(plain).not.toContain(BLUE);
    const unmarked = dialogueWords().map(({ speaker: _speaker, ...w }) => w);
    expect(plain).toBe(buildAss(unmarked, 1, 6));
  });

  it('classic: the second speaker in light blue, the spoken word still yellow, a dash opening each turn, no line mixing speakers', () => {
    const lines = dialogues(buildAss(dialogueWords(), 1, 6, { speakers: true }));
    // One event per word (classic); the line of "ten dollars a" is S2's alone.
    const ten = lines.find((l) => l.includes('{\\c&H0000D7FF&}TEN'))!;
    expect(ten.startsWith(`{\\c${BLUE}&}${TURN_DASH}`)).toBe(true);
    expect(ten).toContain(`TEN{\\c${BLUE}&}`);
    expect(lines.every((l) => !(l.includes('CHARGE') && l.includes('TEN')))).toBe(true);
    // S1 keeps the style's colours; each of the three turns starts with a dash, once per turn.
    const what = lines.find((l) => l.includes('{\\c&H0000D7FF&}WHAT'))!;
    expect(what.startsWith(TURN_DASH)).toBe(true);
    expect(lines.find((l) => l.includes('{\\c&H0000D7FF&}TOO'))!.startsWith(TURN_DASH)).toBe(true);
    expect(lines.find((l) => l.includes('{\\c&H0000D7FF&}DOLLARS'))!.startsWith(TURN_DASH)).toBe(false);
  });

  it('every style takes it; karaoke colours the words still to be said', () => {
    for (const style of CAPTION_STYLES) {
      const ass = buildAss(dialogueWords(), 1, 6, { style, speakers: true });
      expect(ass, style).toContain(BLUE);
      expect(ass, style).toContain(TURN_DASH);
    }
    const karaoke = dialogues(buildAss(dialogueWords(), 1, 6, { style: 'karaoke', speakers: true }));
    expect(karaoke.find((l) => l.includes('TEN'))!.startsWith(`{\\2c${BLUE}&}${TURN_DASH}`)).toBe(true);
  });

  it('one speaker (or none known): the same captions as without the option', () => {
    const one = dialogueWords().map((w) => ({ ...w, speaker: 'S1' }));
    expect(buildAss(one, 1, 6, { speakers: true })).toBe(buildAss(one, 1, 6));
  });
});

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
});
afterAll(() => d?.stop());

const setWords = (clipId: string, words: Word[]) =>
  d.app.db.prepare('UPDATE clips SET words = ?, transcript = ? WHERE id = ?').run(JSON.stringify(words), words.map((w) => w.text).join(' '), clipId);

describe('caption_speakers on the API', () => {
  it.each([[{ caption_speakers: 'yes' }], [{ caption_speakers: 1 }], [{ caption_speakers: null }]])('a render refuses %j with the error envelope naming the field; nothing is queued', async (body) => {
    const team = await d.createTeam('speakers-bad');
    const clipId = await insertClip(d, { teamId: team });
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth: `Key ${await d.apiKey(team)}`, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details.field).toBe('caption_speakers');
    expect(r.body.error.message).toContain('caption_speakers');
    expect(await d.app.renders.repo.get(clipId)).toBeUndefined();
    expect(await d.app.renders.minutes.used(team, d.clock.now())).toBe(0);
  });

  it('a draft takes it (PUT), keeps it when another field changes, and a bad value changes nothing', async () => {
    const team = await d.createTeam('speakers-posts');
    await connect(d, 'short_video', team);
    const clipId = await insertClip(d, { teamId: team });
    await previewReady(d, clipId);
    const auth = `Key ${await d.apiKey(team)}`;
    const post = (await d.app.posts.repo.listByClip(clipId))[0];
    expect((await d.call('GET', `/v1/posts/${post.id}`, { auth })).body.post).not.toHaveProperty('caption_speakers');
    const ok = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { caption_speakers: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.post.caption_speakers).toBe(true);
    expect((await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { aspect: '1:1' } })).body.post).toMatchObject({ caption_speakers: true, aspect: '1:1' });
    const bad = await d.call('PUT', `/v1/posts/${post.id}`, { auth, body: { caption: 'changed', caption_speakers: 'on' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('caption_speakers');
    expect(await d.app.posts.repo.byId(post.id)).toMatchObject({ caption: post.caption, caption_speakers: 1, aspect: '1:1' });
  });
});

describe('a render with caption_speakers (ffmpeg)', () => {
  it('burns in the speaker-marked captions: the render shows the option, its captions script has the colours and dashes, the picture has the colour', async () => {
    const clipId = await insertClip(d, { source: sourceVideo(8, { plain: true }), start: 0.5, end: 6 });
    setWords(clipId, dialogueWords());
    const auth = `Key ${await d.apiKey()}`;
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: { caption_speakers: true } });
    expect(r.status).toBe(202);
    await d.processAll();
    const done = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(done).toMatchObject({ status: 'done', caption_speakers: true });
    const row = (await d.app.renders.repo.get(clipId))!;
    const ass = readFileSync(await objectFile(d, captionsKey(clipId, row.generation)), 'utf8');
    const lines = dialogues(ass);
    // Classic: one event per word; the events of the first line of each of the three turns open with the dash.
    const opening = lines.filter((l) => l.includes(TURN_DASH)).map((l) => l.replace(/\{[^}]*\}/g, '').slice(TURN_DASH.length).split(' ')[0]);
    expect([...new Set(opening)]).toEqual(['WHAT', 'TEN', 'TOO']);
    expect(lines.some((l) => l.startsWith(`{\\c${BLUE}&}${TURN_DASH}`) && l.includes('TEN'))).toBe(true);
    const file = await objectFile(d, row.output_key!);
    expect(probe(file).streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1080, height: 1920 });
    // While S2 says "ten dollars" (source 2.45-3.5 s: 1.95-3.0 s into the clip), light blue
    // text (high blue, lower red) is on screen; while S1 speaks (0.6 s in) it is not.
    expect(bluePixels(file, 2.2)).toBeGreaterThan(200);
    expect(bluePixels(file, 0.7)).toBeLessThan(20);
  }, 120_000);
});

/** Pixels of the frame at `t` (s) in the lower half whose colour is near the second speaker's light blue. */
function bluePixels(file: string, t: number): number {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-vf', 'crop=iw:ih/2:0:ih/2,scale=270:480', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  let n = 0;
  for (let i = 0; i + 2 < raw.length; i += 3) {
    const [r, g, b] = [raw[i], raw[i + 1], raw[i + 2]];
    if (b > 200 && g > 160 && r < 170 && b - r > 60) n++;
  }
  return n;
}
