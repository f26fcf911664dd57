/** An error answer of the API (or a transport failure), as the client surfaces it. */
export class ClientError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** The envelope's error.code; NETWORK_ERROR when there was no answer. */
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly retryAfterSeconds?: number,
    /** The answer's body as received (the envelope), for callers that show it raw (`clipper api`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}
