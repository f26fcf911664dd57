/**
 * A speech engine that cannot do a job. `permanent` failures (a language the model does not
 * know, a model file the engine refuses) fail the job at once with this message; others (the
 * engine's process died) may go better on the task's next attempt. Messages are written for
 * people and name no file on the daemon's machine.
 */
export class SpeechEngineError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SpeechEngineError';
  }
}
