import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createClipJobSchema, type CreateClipJobInput } from '../api/clips.js';
import { usageError } from './exit-codes.js';
import { checkVideoFile } from './video-file.js';

/** A clip job's source as given to `clips create` or MCP's create_clips: a link, or a local file. */
export type ClipSource = { url: string } | { path: string };

/**
 * `FILE|URL`: a link is sent as `source.url` (the service's own answer is the check there: it
 * costs one small request). Issue 13, item 10: before a file is uploaded, every other field is
 * checked with the API's own schema and the file's header probed, so a bad language does not
 * cost a 300 MB upload. `names` maps a field to what the caller calls it (`--language`).
 */
export async function checkClipSource(source: string, fields: Omit<CreateClipJobInput, 'source'>, names: Record<string, string> = {}): Promise<ClipSource> {
  if (/^https?:\/\//i.test(source)) return { url: source };
  const path = resolve(source);
  if (!existsSync(path) || !statSync(path).isFile()) throw usageError(`${source} is neither a file nor an http(s) link`);
  const r = createClipJobSchema.safeParse({ ...fields, source: { upload_id: 'upl_checked_before_upload' } });
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = String(issue.path.join('.'));
    throw usageError(`${names[field] ?? field}: ${issue.message}; nothing was uploaded`);
  }
  await checkVideoFile(path, source);
  return { path };
}
