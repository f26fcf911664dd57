/**
 * The spec's "Event types" table (event type -> data fields), written out here independently of
 * src/api, so tests compare what the daemon sends with the spec and not with itself.
 */
export const SPEC_EVENT_FIELDS: Record<string, string[]> = {
  'asset.creation.succeeded': ['asset_id', 'team_id', 'duration_seconds', 'job_id'],
  'asset.creation.failed': ['asset_id', 'team_id', 'error', 'job_id'],
  'asset.analysis.started': ['asset_id', 'team_id', 'job_id'],
  'asset.analysis.progress': ['asset_id', 'team_id', 'progress', 'job_id'],
  'asset.analysis.succeeded': ['asset_id', 'team_id', 'job_id'],
  'asset.analysis.failed': ['asset_id', 'team_id', 'error', 'job_id'],
  'project.render.started': ['project_id', 'team_id'],
  'project.render.progress': ['project_id', 'team_id', 'progress'],
  'project.render.succeeded': ['project_id', 'team_id'],
  'project.render.failed': ['project_id', 'team_id', 'error'],
  'post.draft.created': ['post_id', 'clip_id', 'platform', 'team_id'],
  'post.scheduled': ['post_id', 'clip_id', 'platform', 'team_id', 'scheduled_at'],
  'post.published': ['post_id', 'clip_id', 'platform', 'team_id', 'published_url'],
  'post.failed': ['post_id', 'clip_id', 'platform', 'team_id', 'error'],
};
