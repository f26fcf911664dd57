import type { Settings } from '../config-schema.js';

/**
 * Where the bucket is and how to reach it (issue 21, item 2: "`object_store.kind = "s3"` with
 * endpoint, bucket, region and credentials"). Credentials come as AWS tools expect them: the
 * access key id from `object_store.access_key_id` or AWS_ACCESS_KEY_ID, the secret from the
 * environment variable `object_store.secret_access_key_env` names (AWS_SECRET_ACCESS_KEY by
 * default), AWS_SESSION_TOKEN when set. No message ever carries the secret.
 */
export interface S3Settings {
  /** e.g. `https://s3.eu-west-1.amazonaws.com`, `http://minio.internal:9000`; absent: AWS's own. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, Garage, Ceph). */
  forcePathStyle: boolean;
}

/** The S3 settings of `object_store`, or a message naming what is missing (for config.ts to raise). */
export function s3SettingsFrom(o: Settings['object_store'], env: NodeJS.ProcessEnv): S3Settings | { problem: string } {
  if (!o.bucket) return { problem: 'object_store.kind is "s3", but object_store.bucket is not set; name the bucket' };
  if (o.endpoint && !/^https?:\/\/[^/]+/.test(o.endpoint)) return { problem: `object_store.endpoint must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com (got "${o.endpoint}")` };
  const accessKeyId = o.access_key_id ?? env.AWS_ACCESS_KEY_ID;
  if (!accessKeyId) return { problem: 'object_store.kind is "s3", but no access key id is set: set object_store.access_key_id or the environment variable AWS_ACCESS_KEY_ID' };
  const secretAccessKey = env[o.secret_access_key_env];
  if (!secretAccessKey) return { problem: `object_store.kind is "s3", but the environment variable ${o.secret_access_key_env} (object_store.secret_access_key_env) holding the secret access key is not set` };
  return { endpoint: o.endpoint, bucket: o.bucket, region: o.region, accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined, forcePathStyle: o.force_path_style };
}
