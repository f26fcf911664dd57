/**
 * A small Prometheus registry (issue 31, item 1), written to the text exposition format 0.0.4
 * directly: counters, histograms and gauges read at scrape time, each with labels. The daemon's
 * own instruments are in instruments.ts; /metrics (route.ts) serialises a registry.
 */
export type Labels = Record<string, string>;

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  /** Sample lines, without HELP and TYPE. */
  lines(): Promise<string[]> | string[];
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');
/** One key per label set, the same whatever order the labels were given in. */
const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

export class Counter implements Metric {
  readonly type = 'counter';
  private values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) return; // a counter never goes down
    const k = keyOf(labels);
    const cur = this.values.get(k);
    if (cur) cur.value += by;
    else this.values.set(k, { labels, value: by });
  }
  lines(): string[] {
    return [...this.values.values()].map((v) => `${this.name}${labelText(v.labels)} ${num(v.value)}`);
  }
}

export class Histogram implements Metric {
  readonly type = 'histogram';
  private values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly name: string, readonly help: string, private buckets: number[]) {}
  observe(labels: Labels, value: number): void {
    if (!Number.isFinite(value)) return;
    const k = keyOf(labels);
    let cur = this.values.get(k);
    if (!cur) this.values.set(k, (cur = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    this.buckets.forEach((b, i) => { if (value <= b) cur.counts[i]++; });
    cur.sum += value;
    cur.count++;
  }
  /** Observes the seconds `work` took, whether it succeeds or throws. */
  async time<T>(labels: Labels, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.observe(labels, (performance.now() - start) / 1000);
    }
  }
  lines(): string[] {
    const out: string[] = [];
    for (const v of this.values.values()) {
      this.buckets.forEach((b, i) => out.push(`${this.name}_bucket${labelText({ ...v.labels, le: num(b) })} ${v.counts[i]}`));
      out.push(`${this.name}_bucket${labelText({ ...v.labels, le: '+Inf' })} ${v.count}`);
      out.push(`${this.name}_sum${labelText(v.labels)} ${num(v.sum)}`);
      out.push(`${this.name}_count${labelText(v.labels)} ${v.count}`);
    }
    return out;
  }
}

/** A gauge whose samples are read when scraped (from the database, a queue, the process). */
export class Gauge implements Metric {
  readonly type = 'gauge';
  constructor(readonly name: string, readonly help: string, private read: () => Promise<Array<{ labels?: Labels; value: number }>>) {}
  async lines(): Promise<string[]> {
    return (await this.read()).map((s) => `${this.name}${labelText(s.labels ?? {})} ${num(s.value)}`);
  }
}

export class Registry {
  private metrics: Metric[] = [];
  constructor(private parent?: Registry) {}
  add<M extends Metric>(m: M): M {
    this.metrics.push(m);
    return m;
  }
  /** The whole registry (and its parent's metrics first) in the text format. */
  async expose(): Promise<string> {
    const all = [...(this.parent?.metrics ?? []), ...this.metrics];
    const blocks = await Promise.all(all.map(async (m) => [`# HELP ${m.name} ${escapeHelp(m.help)}`, `# TYPE ${m.name} ${m.type}`, ...await m.lines()].join('\n')));
    return blocks.join('\n') + '\n';
  }
}

/** Seconds buckets for HTTP requests and webhook answers. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds buckets for pipeline stages (a probe is quick; a long transcription takes minutes). */
export const STAGE_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
