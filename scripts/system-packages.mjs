// The one list of what clipper needs from the operating system (issue 13, item 1: "keep its
// package list in one place so others can add to it later"). scripts/setup.mjs checks each entry
// and installs what is missing; `npm test` and `npm run demo` run it first.
//
// An entry is present when every `commands` entry is on PATH and every `files` entry exists.
// `apt` is the Debian/Ubuntu package (FACTS.md, "System packages": tested non-interactively as
// root); the other keys name the package on systems setup.mjs only advises about (it never
// installs there). `null` means that system has no such package: the entry is left out of the
// command printed for it, with `note` saying why. `runtime: true` marks what the daemon itself
// needs (the container image installs exactly those: Dockerfile, test/ops/container.test.ts).
export const SYSTEM_PACKAGES = [
  {
    apt: 'ffmpeg',
    runtime: true,
    why: 'ffmpeg and ffprobe: probing, audio, analysis, previews and renders (a maintained build; the npm fallback is from 2018)',
    commands: ['ffmpeg', 'ffprobe'],
    dnf: 'ffmpeg-free', pacman: 'ffmpeg', zypper: 'ffmpeg-7', apk: 'ffmpeg', brew: 'ffmpeg',
  },
  {
    apt: 'pocketsphinx',
    runtime: true,
    why: 'speech recognition (pocketsphinx_continuous), so clips are found by what is said',
    commands: ['pocketsphinx_continuous'],
    dnf: 'pocketsphinx', pacman: null, zypper: null, apk: null, brew: null,
    note: 'pocketsphinx 5 (Debian) is what the pipeline drives; elsewhere use whisper.cpp with a model (`clipper models add`)',
  },
  {
    apt: 'pocketsphinx-en-us',
    runtime: true,
    why: "pocketsphinx's English model",
    files: ['/usr/share/pocketsphinx/model/en-us'],
    dnf: 'pocketsphinx-models', pacman: null, zypper: null, apk: null, brew: null,
  },
  {
    apt: 'festival',
    why: 'text2wave: speaks the scripts of the test videos (npm run fixtures)',
    commands: ['text2wave'],
    dnf: 'festival', pacman: 'festival', zypper: 'festival', apk: null, brew: null,
  },
  {
    apt: 'festvox-us-slt-hts',
    why: 'the HTS voice pocketsphinx understands (FACTS.md: 96% word accuracy)',
    files: ['/usr/share/festival/voices/us/cmu_us_slt_arctic_hts'],
    dnf: null, pacman: 'festival-us', zypper: null, apk: null, brew: null,
  },
  {
    apt: 'sox',
    why: 'silences and mixing for the test videos',
    commands: ['sox'],
    dnf: 'sox', pacman: 'sox', zypper: 'sox', apk: 'sox', brew: 'sox',
  },
  {
    apt: 'yt-dlp',
    runtime: true,
    why: 'clip jobs from video-platform links',
    commands: ['yt-dlp'],
    dnf: 'yt-dlp', pacman: 'yt-dlp', zypper: 'yt-dlp', apk: 'yt-dlp', brew: 'yt-dlp',
  },
  {
    apt: 'fonts-dejavu-core',
    runtime: true,
    why: 'the font of captions and of the test videos',
    files: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
    dnf: 'dejavu-sans-fonts', pacman: 'ttf-dejavu', zypper: 'dejavu-fonts', apk: 'font-dejavu', brew: null,
  },
  {
    apt: 'chromium',
    why: "the browser the web editor's end-to-end tests drive with playwright-core (issue 16; it downloads no browser)",
    commands: ['chromium'],
    dnf: 'chromium', pacman: 'chromium', zypper: 'chromium', apk: 'chromium', brew: null,
    note: 'on macOS, point CLIPPER_CHROMIUM at an installed Chrome or Chromium',
  },
];
