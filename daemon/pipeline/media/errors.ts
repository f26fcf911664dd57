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

/**
 * A failure message with no path of this machine in it (issue 13, item 11: "No internal path
 * reaches a user"): absolute paths (the object store, temp and work folders) become "the file".
 * A URL's path is kept: it is the user's own link.
 */
export function withoutLocalPaths(message: string): string {
  return message.replace(/(?<![\w:/.%-])\/(?:[\w.@+=,%-]+\/)+[\w.@+=,%-]*/g, 'the file');
}
