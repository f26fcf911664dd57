import type { AppContext } from '../../context.js';
import type { JobDeps } from './deps.js';
import { ClipJobService } from './service.js';

/**
 * Builds the clip job service on the real parts: the object store and its URL signer, the
 * upload claims, and the media / suggestion stages. INTERIM: the media stages live on another
 * branch; until it is merged the stages answer with a clear error, and tests supply their own.
 */
export function createClipJobs(app: AppContext): ClipJobService {
  const missing = (what: string) => () => {
    throw new Error(`${what} is not available in this build`);
  };
  const deps: JobDeps = {
    app,
    heavy: app.heavy,
    stages: new Proxy({} as JobDeps['stages'], { get: (_t, p) => (p === 'transcriber' ? { name: 'none', reason: 'not available', transcribe: missing('Transcription') } : missing(`Stage ${String(p)}`)) }),
    objects: {
      put: (key, body, opts) => app.objects.put(key, body, opts),
      localPath: (key) => app.objects.localPath(key),
      signedGetUrl: (key, ttlMs) => app.objectUrls.signGet(key, ttlMs),
    },
    uploads: {
      claimForJob: (teamId, uploadId, jobId) => {
        const claimed = app.uploads.claimForJob(teamId, uploadId, jobId);
        return { objectKey: claimed.object_key, fileName: claimed.file_name };
      },
    },
  };
  return new ClipJobService(deps);
}
