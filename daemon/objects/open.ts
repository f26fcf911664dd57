import { join } from 'node:path';
import type { Clock } from '../clock.js';
import type { DaemonConfig } from '../config.js';
import { DiskObjectStore } from './disk-store.js';
import type { ObjectLinks } from './object-links.js';
import type { ObjectStore } from './object-store.js';
import { ObjectUrls } from './object-urls.js';
import { s3SettingsFrom } from './s3-settings.js';

export interface OpenedObjects {
  objects: ObjectStore;
  links: ObjectLinks;
  /** The daemon's own signer when it serves object bytes itself (/objects routes); absent for S3. */
  daemonUrls?: ObjectUrls;
}

/**
 * The object store `object_store.kind` names: DATA_DIR/objects on disk with the daemon's own
 * signed URLs, or an S3-compatible bucket with its presigned URLs (issue 21, item 2). The AWS SDK
 * is imported only then, so a local daemon and the CLI never load it. The bucket is checked once
 * here (HeadBucket), so a wrong endpoint, bucket or key stops the start with a clear message.
 */
export async function openObjects(config: DaemonConfig, clock: Clock, baseUrl: () => string, env: NodeJS.ProcessEnv = process.env): Promise<OpenedObjects> {
  if (config.object_store.kind === 'disk') {
    const urls = ObjectUrls.fromDataDir(config.dataDir, clock, baseUrl);
    return { objects: new DiskObjectStore(join(config.dataDir, 'objects')), links: urls, daemonUrls: urls };
  }
  const settings = s3SettingsFrom(config.object_store, env);
  if ('problem' in settings) throw new Error(settings.problem);
  // Our modules only, never the SDK's package itself: a dynamic import() of a CommonJS package
  // from the bundled CLI (scripts/build.mjs) comes back without its named exports.
  const [{ s3Client, fromS3, checkBucket, isS3Missing }, { S3ObjectStore }, { S3Links }] = await Promise.all([import('./s3-client.js'), import('./s3-store.js'), import('./s3-links.js')]);
  const client = s3Client(settings);
  await checkBucket(client, settings.bucket).catch((e) => {
    const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
    // A missing bucket is said as such (HeadBucket's 404 is no missing object).
    if (isS3Missing(e)) throw new Error(`object_store: bucket "${settings.bucket}" at ${where} cannot be used: there is no such bucket; create it, or name an existing one in object_store.bucket`);
    throw new Error(`object_store: bucket "${settings.bucket}" at ${where} cannot be used: ${fromS3(e, 'HeadBucket').message}`);
  });
  const once = s3Client(settings, { retries: false });
  return { objects: new S3ObjectStore(client, settings.bucket, join(config.dataDir, 'tmp', 'objects'), once), links: new S3Links(settings, clock) };
}
