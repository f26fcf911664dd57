// The caption preview over the player (issue 16, item 2: "A caption preview over the video shows
// the chosen style word by word"). The lines come grouped by the renderer's own code and the
// presets are the renderer's own (daemon/pipeline/render/caption-styles.ts, sent in the page's
// state, one set per aspect ratio: sizes and safe zone of that frame); this only draws them,
// scaled from the frame (1080x1920, 1080x1080, 1080x1350 or 1920x1080) to the player.
import type { Preset, Word } from './types.js';

/** ASS &HAABBGGRR as a CSS colour. */
export function assColour(ass: string): string {
  const hex = ass.replace(/^&H/i, '').replace(/&$/, '').padStart(8, '0');
  const [a, b, g, r] = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${((255 - a) / 255).toFixed(2)})`;
}

const markColour = (p: Preset) => assColour(/\\c(&H[0-9A-F]+)/i.exec(p.mark?.before ?? '')?.[1] ?? p.primary);

/** The line on screen at `t` seconds into the clip: from its first word until the next line. */
export function lineAt(lines: Word[][], t: number): Word[] | undefined {
  for (let i = 0; i < lines.length; i++) {
    const next = lines[i + 1];
    const until = next ? Math.min(next[0].start, lines[i][lines[i].length - 1].end + 0.6) : lines[i][lines[i].length - 1].end + 0.3;
    if (t >= lines[i][0].start && t < until) return lines[i];
  }
  return undefined;
}

export class CaptionOverlay {
  constructor(private el: HTMLElement) {}

  draw(lines: Word[][], preset: Preset, t: number, boxHeight: number, frameHeight = 1920): void {
    const line = lineAt(lines, t);
    this.el.replaceChildren();
    if (!line) return;
    const scale = boxHeight / frameHeight;
    const style = this.el.style;
    style.fontSize = `${Math.max(10, preset.font * scale)}px`;
    style.fontWeight = preset.bold ? '800' : '500';
    style.textAlign = preset.alignment === 1 ? 'left' : 'center';
    style.top = preset.alignment === 5 ? '45%' : '';
    style.bottom = preset.alignment === 5 ? '' : `${preset.marginV * scale}px`;
    // The frame's safe zone, as the renderer's ASS margins keep the text inside it.
    style.left = `${preset.marginL * scale}px`;
    style.right = `${preset.marginR * scale}px`;
    this.el.dataset.fontPx = (preset.font * scale).toFixed(1);
    style.background = preset.borderStyle === 3 ? assColour(preset.back) : 'transparent';
    style.color = assColour(preset.primary);
    const current = line.findIndex((w) => t >= w.start && t < w.end + 0.05);
    const spoken = current < 0 ? line.filter((w) => w.end <= t).length - 1 : current;
    const shown = preset.events === 'pop' ? line.filter((_, i) => i === Math.max(0, spoken)) : line;
    shown.forEach((w, i) => {
      const span = document.createElement('span');
      span.textContent = (i ? ' ' : '') + w.text;
      const index = line.indexOf(w);
      if (preset.events === 'word' && index === spoken) span.style.color = markColour(preset);
      if (preset.events === 'line' && index > spoken) span.style.color = assColour(preset.secondary);
      if (preset.events === 'pop') span.className = 'pop';
      this.el.append(span);
    });
  }
}
