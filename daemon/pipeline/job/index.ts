import type { AppContext } from '../../context.js';
import type { JobDeps } from './deps.js';
import { ClipJobService } from './service.js';

/**
 * Builds the clip job service on the real pipeline parts. INTERIM: the object store, the upload
 * claims and the media / suggestion stages live on other branches; until they are merged the
 * parts answer with a clear error, and tests supply their own.
 */
export function createClipJobs(app: AppContext): ClipJobService {
  const missing = (what: string) => () => {
    throw new Error(`${what} is not available in this build`);
  };
  const deps: JobDeps = {
    app,
    heavy: app.heavy,
    stages: new Proxy({} as JobDeps['stages'], { get: (_t, p) => (p === 'transcriber' ? { name: 'none', reason: 'not available', transcribe: missing('Transcription') } : missing(`Stage ${String(p)}`)) }),
    objects: { put: missing('The object store'), localPath: missing('The object store'), signedGetUrl: missing('The object store') },
    uploads: { claimForJob: missing('Uploads') },
  };
  return new ClipJobService(deps);
}
