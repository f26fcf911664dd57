/**
 * better-sqlite3's compiled addon, when the process loads it itself: the single executable
 * ships it as an asset and cannot `require` it from node_modules (FACTS.md: it must be passed
 * as the loaded module; a path fails). Set once at start-up by src/cli/sea-main.ts, as a function
 * called on the first open: a command that never opens SQLite never extracts or loads the addon.
 * Its own module so that setting it does not load better-sqlite3 (start-up time).
 */
let binding: object | (() => object) | undefined;

export function useNativeBinding(b: object | (() => object)): void {
  binding = b;
}

/** The addon to hand to `new Database(file, { nativeBinding })`, or undefined: better-sqlite3 finds its own. */
export function nativeBinding(): object | undefined {
  if (typeof binding === 'function') binding = binding();
  return binding;
}
