/**
 * A problem with the media itself (not a media file, no audio, a time range outside it). Its
 * message is written for people: the job's `error` field can show it as it is.
 */
export class MediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaError';
  }
}

/** The data dir's own folders (objects, job work folders, render temp files, publications). */
const INTERNAL = /.\/(objects|work\/jobs|tmp\/renders|published)\//;

/**
 * A failure message with no path of the daemon's data dir in it (issue 13, item 11: "No
 * internal path reaches a user"): such paths (object store, work and temp folders) become "the
 * file". Other paths stay: a tool the operator configured (yt-dlp) is theirs to know, and a URL's
 * path is the user's own link.
 */
export function withoutLocalPaths(message: string): string {
  return message.replace(/(?<![\w:/.%-])\/(?:[\w.@+=,%-]+\/)+[\w.@+=,%-]*/g, (path) => (INTERNAL.test(path) ? 'the file' : path));
}
