import { open, rm } from 'node:fs/promises';
import { writeViaTemp } from '../temp-file.js';
import { wavHeader } from '../transcribe/wav.js';

/** A silent 16 kHz mono WAV of `duration` seconds, for a video without an audio track. */
export async function writeSilentWav(dest: string, duration: number, sampleRate = 16000): Promise<void> {
  const bytes = Math.max(0, Math.round(duration * sampleRate)) * 2;
  await writeViaTemp(dest, async (temp) => {
    const fh = await open(temp, 'w');
    try {
      await fh.write(wavHeader({ sampleRate, channels: 1 }, bytes), 0, 44, 0);
      await fh.truncate(44 + bytes); // the rest is zeros: silence
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    } finally {
      await fh.close();
    }
  });
}
