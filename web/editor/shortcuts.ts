// Keyboard shortcuts (issue 16, item 5: "keyboard shortcuts for play, split and nudge"), off while
// typing in a field: Space play/pause; [ and ] set the start or end at the playhead; S splits at
// the playhead keeping the part before it (Shift+S the part after); ←/→ nudge the focused handle
// by 0.1 s (Shift: to the next word boundary or pause); Ctrl/Cmd+S saves the trim; Ctrl/Cmd+Z
// undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes.
import type { Timeline } from './timeline.js';

export interface ShortcutTargets {
  togglePlay: () => void;
  timeline: () => Timeline;
  playhead: () => number;
  saveTrim: () => void;
  undo: () => void;
  redo: () => void;
}

const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export function bindShortcuts(t: ShortcutTargets): void {
  document.addEventListener('keydown', (e) => {
    if (typing(e.target)) return;
    const timeline = t.timeline();
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      return t.saveTrim();
    }
    if ((e.ctrlKey || e.metaKey) && (e.key.toLowerCase() === 'z' || e.key.toLowerCase() === 'y')) {
      e.preventDefault();
      return e.shiftKey || e.key.toLowerCase() === 'y' ? t.redo() : t.undo();
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const onButton = e.target instanceof HTMLButtonElement;
    switch (e.key) {
      case ' ':
        if (onButton) return;
        e.preventDefault();
        return t.togglePlay();
      case '[':
        return timeline.move('start', t.playhead());
      case ']':
        return timeline.move('end', t.playhead());
      case 's':
      case 'S':
        return e.shiftKey ? timeline.move('start', t.playhead()) : timeline.move('end', t.playhead());
      case 'ArrowLeft':
      case 'ArrowRight':
        e.preventDefault();
        return timeline.nudge(e.key === 'ArrowLeft' ? -1 : 1, e.shiftKey ? 0 : 0.1);
    }
  });
}
