import type { Clock } from '../clock.js';
import { versionInfo } from '../../src/cli/version.js';
import type { Store } from '../store/index.js';
import { Counter, Gauge, Histogram, LATENCY_BUCKETS, Registry, STAGE_BUCKETS } from './registry.js';

/**
 * The daemon's instruments (issue 31, item 1). Counters and histograms are per process, like
 * Prometheus' own client libraries' default registry: the places that count import them from
 * here. Gauges that read the database are added per daemon by daemonRegistry().
 */
export const processRegistry = new Registry();
const r = processRegistry;

export const metrics = {
  httpRequests: r.add(new Counter('clipper_http_requests_total', 'HTTP requests answered, by route pattern, method and status')),
  httpSeconds: r.add(new Histogram('clipper_http_request_duration_seconds', 'Time to answer an HTTP request, by route pattern and method', LATENCY_BUCKETS)),
  rateLimited: r.add(new Counter('clipper_rate_limit_refusals_total', 'Requests refused with RATE_LIMITED, by limit (requests, status_checks, not_found)')),
  stageSeconds: r.add(new Histogram('clipper_job_stage_duration_seconds', 'Time a clip job spent in one stage of the pipeline', STAGE_BUCKETS)),
  tasksFinished: r.add(new Counter('clipper_tasks_finished_total', 'Durable tasks ended, by kind and outcome (done, retry, failed)')),
  leaseTakeovers: r.add(new Counter('clipper_task_lease_takeovers_total', 'Running tasks taken back from a worker whose lease lapsed or whose process died')),
  webhookDeliveries: r.add(new Counter('clipper_webhook_deliveries_total', 'Webhook delivery attempts, by outcome (delivered, retry, failed)')),
  webhookSeconds: r.add(new Histogram('clipper_webhook_delivery_duration_seconds', 'Time a receiver took to answer a webhook delivery', LATENCY_BUCKETS)),
  webhookRetries: r.add(new Counter('clipper_webhook_retries_total', 'Webhook deliveries scheduled again after a failed attempt')),
  renders: r.add(new Counter('clipper_renders_total', 'Full renders ended, by outcome (done, failed)')),
  renderMinutes: r.add(new Counter('clipper_render_minutes_total', 'Minutes of video rendered at full quality')),
  publishes: r.add(new Counter('clipper_publishes_total', 'Post publications ended, by platform and outcome (published, failed)')),
  logWritesDropped: r.add(new Counter('clipper_log_writes_dropped_total', 'Log lines dropped because they could not be written (a full disk, a closed pipe or descriptor)')),
  uploadBytes: r.add(new Counter('clipper_upload_bytes_total', 'Bytes received into uploads through this daemon, by path (single PUT or multipart part; uploads straight to an S3 bucket are not seen here)')),
};
metrics.logWritesDropped.inc({}, 0); // exposed at 0 until a line is dropped

/** The process's registry plus the gauges read from this daemon's store at scrape time. */
export function daemonRegistry(store: Pick<Store, 'metrics'>, clock: Clock, role: string): Registry {
  const reg = new Registry(processRegistry);
  reg.add(new Gauge('clipper_process_info', 'This process: its role (all, api, worker), version, commit and migration level', () => {
    const v = versionInfo();
    return Promise.resolve([{ labels: { role, version: v.version, commit: v.commit, migration_sqlite: String(v.migration.sqlite), migration_postgres: String(v.migration.postgres) }, value: 1 }]);
  }));
  reg.add(new Gauge('clipper_jobs', 'Clip jobs by state', async () => (await store.metrics.jobsByState()).map((j) => ({ labels: { state: j.status }, value: j.n }))));
  const queue = async () => await store.metrics.queue(clock.now());
  reg.add(new Gauge('clipper_queue_depth', 'Tasks due and waiting for a worker, by kind', async () => (await queue()).map((q) => ({ labels: { kind: q.kind }, value: q.waiting }))));
  reg.add(new Gauge('clipper_queue_oldest_waiting_seconds', 'How long the oldest task due has waited for a worker, by kind', async () =>
    (await queue()).map((q) => ({ labels: { kind: q.kind }, value: Math.max(0, (clock.now() - q.oldestRunAt) / 1000) }))));
  reg.add(new Gauge('clipper_webhook_backlog', 'Webhook deliveries pending or in flight', async () => [{ value: await store.metrics.webhookBacklog() }]));
  reg.add(new Gauge('clipper_process_resident_memory_bytes', 'Resident memory of this process', () => Promise.resolve([{ value: process.memoryUsage().rss }])));
  return reg;
}
