// The editor's stylesheet, added by the script (the page's CSP allows inline styles only).
export const EDITOR_CSS = `
.editor { display: grid; grid-template-columns: minmax(220px, 360px) 1fr; gap: 20px; align-items: start; }
.editor h2 { font-size: 15px; margin: 14px 0 6px; }
h1 { font-size: 22px; margin: 4px 0; }
.topbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
.player { position: relative; height: min(calc(100vh - 230px), 640px); min-height: 240px; max-width: 100%; aspect-ratio: 9 / 16; background: #000; border-radius: 8px; overflow: hidden; margin: 0 auto; }
.player video { position: absolute; width: 2px; height: 2px; opacity: 0; pointer-events: none; }
.player canvas { width: 100%; height: 100%; display: block; }
.scrub { flex: 1; min-width: 100px; }
.keys { font-size: 13px; margin: 0; }
.timeline-frame { overflow-x: auto; border-radius: 6px; }
.player .remaking { position: absolute; top: 8px; left: 8px; right: 8px; color: #fff; background: #0008; padding: 4px 8px; border-radius: 4px; font-size: 13px; }
.caption { position: absolute; right: 6%; line-height: 1.15; text-shadow: 0 0 3px #000, 0 0 3px #000; pointer-events: none; padding: 0 4px; border-radius: 4px; }
.caption .pop { display: inline-block; animation: pop .15s ease-out; }
@keyframes pop { from { transform: scale(.8); } to { transform: scale(1); } }
.controls, .row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 8px 0; }
button { font: inherit; padding: 6px 12px; border: 1px solid #b9bec8; border-radius: 6px; background: #fff; cursor: pointer; min-height: 36px; }
button.primary { background: #2f6fdf; color: #fff; border-color: #2f6fdf; }
button:disabled { opacity: .5; cursor: default; }
button:focus-visible, .handle:focus-visible, input:focus-visible, textarea:focus-visible, a:focus-visible { outline: 3px solid #f0a500; outline-offset: 1px; }
.timeline { position: relative; height: 96px; background: #222; border-radius: 6px; overflow: hidden; touch-action: none; user-select: none; }
.timeline .thumbs { position: absolute; inset: 0 0 auto 0; width: 100%; height: 48px; object-fit: fill; opacity: .85; }
.timeline .wave { position: absolute; left: 0; right: 0; bottom: 0; width: 100%; height: 48px; }
.timeline .sel { position: absolute; top: 0; bottom: 0; background: #2f6fdf33; border-top: 3px solid #2f6fdf; border-bottom: 3px solid #2f6fdf; }
.timeline .head { position: absolute; top: 0; bottom: 0; width: 2px; background: #f0a500; }
.timeline .handle { position: absolute; top: 0; bottom: 0; width: 16px; margin-left: -8px; background: #2f6fdf; border-radius: 4px; cursor: ew-resize; }
.span-times { font-variant-numeric: tabular-nums; }
.words { line-height: 2; }
.word { border: 0; background: none; padding: 2px 3px; min-height: 0; border-radius: 4px; }
.word:hover, .word.now { background: #ffe98f; }
.word-input { font: inherit; padding: 1px 3px; }
.styles { display: flex; flex-wrap: wrap; gap: 10px; border: 0; padding: 0; margin: 0; }
input, textarea { font: inherit; box-sizing: border-box; }
textarea, input.title, .post input:not([type]) { width: 100%; }
.post { border: 1px solid #ddd; border-radius: 8px; padding: 8px 12px; margin: 8px 0; background: #fff; }
.post h3 { font-size: 14px; margin: 0 0 6px; }
.progress { width: 100%; max-width: 320px; }
.status { min-height: 1.5em; }
kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 4px; font-size: 12px; background: #fff; }
@media (max-width: 720px) {
  .editor { grid-template-columns: 1fr; }
  html { scroll-padding-top: calc(36vh + 80px); }
  .editor > div:first-child { position: sticky; top: 0; z-index: 2; background: #f6f6f4; padding-bottom: 4px; }
  .player { height: 36vh; min-height: 0; }
  .keys { display: none; }
}
`;
