import { basename, sep } from 'node:path';
import { contentTypeFor } from '../../client/uploader.js';

/**
 * Which files in a watched folder are candidates (issue 7 item 5): temporary and partial files
 * are never sent, whatever `--all` says, because a browser, rsync or an editor is still writing
 * them and renames them when complete (the rename arrives as a new file).
 */
const PARTIAL_SUFFIXES = ['.part', '.partial', '.crdownload', '.download', '.tmp', '.temp', '.swp', '.!ut', '.opdownload'];

export type IgnoreReason = 'dotfile' | 'partial' | 'temporary' | 'not_video';

/** Why a file (path relative to the watched folder) is not sent, or undefined when it is a candidate. */
export function ignoreReason(relPath: string, opts: { all: boolean }): IgnoreReason | undefined {
  // A dot folder (.git, .Trash, a sync tool's staging folder) hides everything under it.
  if (relPath.split(sep).some((part) => part.startsWith('.'))) return 'dotfile';
  const name = basename(relPath).toLowerCase();
  if (name.endsWith('~') || name.startsWith('~$')) return 'temporary';
  if (PARTIAL_SUFFIXES.some((s) => name.endsWith(s))) return 'partial';
  if (!opts.all && !isVideoName(name)) return 'not_video';
  return undefined;
}

/** A video by its extension: the uploader knows a content type for it. */
export const isVideoName = (name: string) => contentTypeFor(name) !== 'application/octet-stream';

export const IGNORE_TEXT: Record<IgnoreReason, string> = {
  dotfile: 'hidden file',
  partial: 'partial download or copy',
  temporary: 'temporary file',
  not_video: 'not a video (use --all to send every file)',
};
