import { describe, expect, it } from 'vitest';
import { missingToolsMessage } from '../global-setup.js';

// Issue 19, item 5: one check before any test names the missing tool and its install command.
describe('the tests\' global set-up', () => {
  it('passes on this machine, whose set-up ran', () => {
    expect(missingToolsMessage(process.env)).toBeUndefined();
  });

  it('names every missing tool and the command that installs it', () => {
    const message = missingToolsMessage({ PATH: '/nonexistent', CLIPPER_SETUP_SYSROOT: '/nonexistent', ID: 'debian' })!;
    expect(message).toMatch(/pocketsphinx_continuous \(package pocketsphinx\)/);
    expect(message).toMatch(/yt-dlp \(package yt-dlp\)/);
    expect(message).toMatch(/ffmpeg, ffprobe \(package ffmpeg\)/);
    expect(message).toMatch(/Install them with:\n {4}\S*.*pocketsphinx-en-us/);
  });

  it('can be switched off', () => {
    expect(missingToolsMessage({ PATH: '/nonexistent', CLIPPER_SKIP_SYSTEM_PACKAGES: '1' })).toBeUndefined();
  });
});
