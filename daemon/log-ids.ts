/** The log field an id belongs in, from its prefix (src/api/ids.ts): `job_...` -> `job_id`. */
const FIELD_OF: Record<string, string> = {
  team: 'team_id', job: 'job_id', clip: 'clip_id', post: 'post_id', upl: 'upload_id', wh: 'webhook_id', dlv: 'delivery_id', key: 'key_id', plat: 'platform_id',
};

/** `{ job_id: 'job_x' }` for the ids among `values` whose prefix is known. */
export function idFields(...values: Array<string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const field = v ? FIELD_OF[v.slice(0, v.indexOf('_'))] : undefined;
    if (field && v) out[field] = v;
  }
  return out;
}
