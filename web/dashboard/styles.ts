// The dashboard's stylesheet, added by the script (the page's CSP allows inline styles only).
export const DASHBOARD_CSS = `
h1 { font-size: 22px; margin: 4px 0; }
h2 { font-size: 17px; margin: 14px 0 6px; }
.topbar { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
button { font: inherit; padding: 6px 12px; border: 1px solid #b9bec8; border-radius: 6px; background: #fff; cursor: pointer; min-height: 36px; }
button:disabled { opacity: .5; cursor: default; }
button:focus-visible, input:focus-visible, a:focus-visible, summary:focus-visible, video:focus-visible { outline: 3px solid #f0a500; outline-offset: 1px; }
input { font: inherit; }
.selection { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px; background: #fff; border: 1px solid #ddd; border-radius: 8px; }
.dash { display: grid; grid-template-columns: 1fr minmax(260px, 360px); gap: 20px; align-items: start; }
.folder { background: #fff; border: 1px solid #ddd; border-radius: 8px; margin: 8px 0; padding: 6px 12px; }
.folder summary { cursor: pointer; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; min-height: 36px; }
.folder-name { font-weight: 700; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px; padding: 8px 0; }
.clip-card { border: 1px solid #e2e2e2; border-radius: 8px; padding: 8px; font-size: 14px; }
.clip-card video, .no-preview { width: 100%; aspect-ratio: 9 / 16; background: #000; border-radius: 6px; display: block; }
.no-preview { display: grid; place-items: center; color: #eee; }
.clip-card h3 { font-size: 14px; margin: 6px 0 2px; }
.facts, .reason { margin: 2px 0; }
.subs { list-style: none; padding: 0; margin: 2px 0; display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 13px; }
.badge { display: inline-block; font-size: 12px; border-radius: 10px; background: #eef1f6; padding: 0 8px; margin: 2px 4px 0 0; }
.calendar { display: grid; grid-template-columns: repeat(2, 1fr); gap: 6px; }
.day { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 4px 6px; min-height: 48px; }
.day h3 { font-size: 13px; margin: 0 0 4px; }
.chip { background: #e4ecfb; border-radius: 6px; padding: 4px 6px; margin: 4px 0; font-size: 13px; cursor: grab; display: flex; flex-direction: column; gap: 4px; }
.chip button { padding: 0 8px; min-height: 28px; font-size: 13px; }
.chip-actions { display: flex; gap: 4px; }
.platforms { padding-left: 18px; }
.state.active { color: #1d6b2a; }
.state.needs_reauth { color: #b00020; font-weight: 700; }
.status { min-height: 1.5em; }
@media (max-width: 760px) {
  .dash { grid-template-columns: 1fr; }
  /* On a phone the sticky selection bar stays one slim row that scrolls sideways, not a third of the screen. */
  .selection { flex-wrap: nowrap; overflow-x: auto; gap: 6px; padding: 4px 6px; }
  .selection > * { flex: none; white-space: nowrap; }
  .selection button { min-height: 32px; padding: 4px 10px; }
}
`;
