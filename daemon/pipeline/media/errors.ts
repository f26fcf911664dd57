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
