/**
 * A full disk, told apart from other failures (issue 31, item 4): the object store's files
 * (ENOSPC, EDQUOT, or ffmpeg's "No space left on device") or the database's (SQLite's
 * SQLITE_FULL, PostgreSQL's 53100 disk_full). Callers answer INTERNAL_ERROR, which the spec says
 * clients retry with backoff, with a message that says which is full; tasks wait and retry.
 */
export type FullDisk = 'objects' | 'database';

export function diskFullOf(e: unknown): FullDisk | undefined {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = String((cur as { code?: unknown }).code ?? '');
    if (code === 'SQLITE_FULL' || code === '53100') return 'database';
    if (code === 'ENOSPC' || code === 'EDQUOT') return 'objects';
    // A child process's error (ffmpeg) keeps the device's complaint in its stderr, not its summary.
    const message = `${cur instanceof Error ? cur.message : typeof cur === 'string' ? cur : ''} ${String((cur as { stderrTail?: unknown }).stderrTail ?? '')}`;
    if (/database or disk is full|could not extend file/i.test(message)) return 'database';
    if (/no space left on device|ENOSPC|disk quota exceeded/i.test(message)) return 'objects';
  }
  return undefined;
}

/** The one-line message for a full disk; nothing stored before was lost, and it recovers by itself. */
export function diskFullMessage(which: FullDisk): string {
  return which === 'database'
    ? "The database's disk is full: nothing already stored was lost and nothing of this request was kept; retry with backoff once space is freed"
    : "The object store's disk is full: nothing already stored was lost and nothing of this request was kept; retry with backoff once space is freed";
}
