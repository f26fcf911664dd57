import type { AppContext } from '../../app.js';
import type { JobDeps } from './deps.js';
import { realStages } from '../../pipeline/real-stages.js';
import { ClipJobService } from './service.js';

/**
 * Builds the clip job service on the real parts: the object store and its URL signer, the
 * upload claims, and the media / speech / suggestion stages.
 */
export function createClipJobs(app: AppContext): ClipJobService {
  const deps: JobDeps = {
    app,
    heavy: app.heavy,
    stages: realStages(app),
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
