import { availableParallelism } from 'node:os';
import { type ChildErrorFactory, ChildEngineError, type ChildExit, OneAtATimeChild } from './one-at-a-time-child.js';

/**
 * A model engine a host process can run: `source` is JavaScript for `(require, options) =>
 * handler`, evaluated in the host on the engine's first request there (so a host imports only
 * the engines it was asked for); `handler(request)` gives the result or a promise of it.
 */
export interface HostedEngine {
  /** Its key in the host ('llm', 'encoder', 'recogniser', 'diarizer'). */
  name: string;
  source: string;
  /** Names the process in messages ("the recogniser process ended"). */
  what: string;
  error: ChildErrorFactory;
  /**
   * Requests may run in several hosts at once (no engine asks for it today: each loads its model
   * again in every host); else an engine stays in the host it was made in, and its requests wait
   * for that host, so no two hosts hold it.
   */
  parallel?: boolean;
}

/**
 * One Node runtime for every model engine (the words "clipper model host" let a look at the
 * process list tell it apart): each engine's handler is made on its first request and kept, so
 * a loaded model stays loaded; requests come one at a time.
 */
const HOST_SOURCE = `// clipper model host
const handlers = new Map();
process.on('message', (m) => {
  Promise.resolve().then(() => {
    if (m.install) handlers.set(m.engine, (0, eval)(m.install)(require, m.options));
    const handle = handlers.get(m.engine);
    if (!handle) throw new Error('the model host has no engine ' + m.engine);
    return handle(m.request);
  }).then(
    (result) => process.send({ id: m.id, result }),
    (e) => process.send({ id: m.id, error: String((e && e.message) || e) }),
  );
});
process.on('disconnect', () => process.exit(0));
`;

/**
 * The host's Node flags: a young generation of 1 MB rather than 16 (the engines' data lives in
 * native memory and typed arrays, so small semi-spaces cost little time and keep ~15 to 40 MB
 * of resident pages away); no optimising or baseline compilers, functions compiled when first
 * called and a heap kept small (the engines' JavaScript is glue around native code; the
 * language model's library holds ~10 MB less). What V8's --lite-mode does, but that also
 * takes WebAssembly away.
 */
const HOST_FLAGS = ['--max-semi-space-size=1', '--no-opt', '--no-sparkplug', '--no-maglev', '--optimize-for-size', '--max-lazy'];

/**
 * The host's environment: one malloc arena (glibc's default is one per thread up to 8 per core,
 * each keeping its freed pages: the engines' threads left ~15 MB resident that way), and freed
 * memory given back past 128 kB (a fixed threshold: glibc's own grows with the largest block
 * freed, so a model load's buffers stayed resident, ~3 to 10 MB).
 */
const HOST_ENV = { NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true', MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072' };

interface HostRequest {
  engine: string;
  install?: string;
  options: unknown;
  request: unknown;
}

/** One host process; `engines` maps each engine made in it to the options it was made with. */
export class ModelHost extends OneAtATimeChild<HostRequest, unknown> {
  readonly engines = new Map<string, string>();
  busy = false;
  idleSince = Date.now();
  private killed = false;

  constructor() {
    super(HOST_SOURCE, { ...process.env, ...HOST_ENV }, 'model host', (m, log, exit) => new ChildEngineError(m, log, exit), true, { serialization: 'advanced', execArgv: HOST_FLAGS });
  }

  /** Alive and not being ended (a kill takes a moment to be seen). */
  get usable(): boolean {
    return this.alive && !this.killed;
  }

  override kill(): void {
    this.killed = true;
    super.kill();
  }

  async run(engine: HostedEngine, options: object, request: unknown, signal?: AbortSignal): Promise<unknown> {
    const key = JSON.stringify(options);
    const install = this.engines.get(engine.name) === key ? undefined : engine.source;
    // Counted in from the first request, so a second one waits for this host rather than load it elsewhere.
    this.engines.set(engine.name, key);
    try {
      return await this.request({ engine: engine.name, install, options, request }, signal, engine);
    } catch (e) {
      if (install) this.engines.delete(engine.name);
      throw e;
    }
  }
}

/** How long an unused host keeps its models loaded before it is ended (tests may lengthen it). */
let IDLE_MS = 60_000;

/**
 * The daemon's model hosts: a request goes to an idle host (one that already runs its engine
 * first), or to a new one while there are fewer than `limit` (one: a second runtime with engines
 * of its own costs more memory than waiting saves time), else it waits for one to come free. So a job that uses several kinds of model shares its
 * hosts between them, and the engines' runtimes are never more than `limit`. A host that died
 * is dropped; the next request starts another. A host unused for IDLE_MS is ended.
 */
class ModelHosts {
  private hosts: ModelHost[] = [];
  private waiting: Array<{ accepts: (h: ModelHost) => boolean; take: (h: ModelHost) => void }> = [];
  private timer?: NodeJS.Timeout;
  limit = 1;
  /** The last 64 hosts started (tests count them). */
  readonly started: ModelHost[] = [];

  take(engine: HostedEngine, signal?: AbortSignal): Promise<ModelHost> {
    this.hosts = this.hosts.filter((h) => h.usable);
    // Without a living host that holds the engine, any host will do.
    const homeless = () => engine.parallel || !this.hosts.some((x) => x.usable && x.engines.has(engine.name));
    const accepts = (h: ModelHost) => h.engines.has(engine.name) || homeless();
    const idle = this.hosts.filter((h) => !h.busy && accepts(h));
    const host = idle.find((h) => h.engines.has(engine.name)) ?? idle[0] ?? (this.hosts.length < this.limit && homeless() ? this.start() : undefined);
    if (host) return Promise.resolve(this.hold(host));
    return new Promise((resolve, reject) => {
      const waiter = { accepts, take: (h: ModelHost) => (signal?.removeEventListener('abort', onAbort), resolve(h)) };
      const onAbort = () => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private start(): ModelHost {
    const host = new ModelHost();
    this.hosts.push(host);
    this.started.push(host);
    this.started.splice(0, Math.max(0, this.started.length - 64));
    return host;
  }

  private hold(host: ModelHost): ModelHost {
    host.busy = true;
    return host;
  }

  /**
   * A request is over: its host goes to the first waiting request that takes it; a host that
   * died is replaced by a fresh one for the first request waiting (its engines are gone with it).
   */
  give(host: ModelHost): void {
    host.busy = false;
    host.idleSince = Date.now();
    this.hosts = this.hosts.filter((h) => h.usable);
    const i = host.usable ? this.waiting.findIndex((w) => w.accepts(host)) : Math.min(0, this.waiting.length - 1);
    if (i >= 0) this.waiting.splice(i, 1)[0].take(this.hold(host.usable ? host : this.start()));
    this.endIdle(IDLE_MS);
  }

  /** Ends the hosts idle for `ms` or more (0: every idle host), and looks again when the next one will be. */
  endIdle(ms = 0): void {
    const now = Date.now();
    const over = (h: ModelHost) => !h.busy && now - h.idleSince >= ms;
    for (const h of this.hosts) if (over(h)) h.kill();
    this.hosts = this.hosts.filter((h) => h.usable && !over(h));
    const next = Math.min(...this.hosts.filter((h) => !h.busy).map((h) => h.idleSince + IDLE_MS - now));
    clearTimeout(this.timer);
    if (Number.isFinite(next)) (this.timer = setTimeout(() => this.endIdle(IDLE_MS), Math.max(next, 0))).unref();
  }
}

const hosts = new ModelHosts();

/** The last 64 hosts started in this process, oldest first (their `engines` say what ran in each). */
export function modelHostsStarted(): ModelHost[] {
  return [...hosts.started];
}

/** Hosts unused for `ms` end (a test that counts hosts on a busy machine keeps them longer). */
export function setModelHostIdle(ms: number): void {
  IDLE_MS = ms;
}

/**
 * The daemon's heavy slots: one host serves them all (a second runtime with engines of its own
 * costs more memory than the wait for the first saves time), and an engine may use `n` threads.
 */
export function limitModelHosts(n: number): void {
  slots = Math.max(1, Math.floor(n));
  hosts.limit = 1;
}

let slots = availableParallelism();

/** The heavy slots: the threads an engine in the one host may use. */
export function modelHostSlots(): number {
  return slots;
}

/** Ends every idle model host (daemon stop, tests). */
export function closeModelHosts(): void {
  hosts.endIdle(0);
}

/**
 * An engine's way to the shared hosts, with what a process of its own offered: `pid` and
 * `alive` of the host its last request ran in, `kill()` to end the host of a request in flight
 * (and refuse further requests, as an ended process would), `started` the hosts it used.
 */
export class HostedClient<Req, Res> {
  readonly started: ModelHost[] = [];
  private last?: ModelHost;
  private running = new Set<ModelHost>();
  private killed = false;

  constructor(private readonly engine: HostedEngine, private readonly options: object) {}

  get alive(): boolean {
    return !this.killed && (this.last?.alive ?? true);
  }

  get pid(): number | undefined {
    return this.last?.pid;
  }

  protected async run(request: Req, signal?: AbortSignal): Promise<Res> {
    const ended: ChildExit = { code: null, signal: 'SIGKILL' };
    if (this.killed) throw this.engine.error(`the ${this.engine.what} process ended`, '', ended);
    signal?.throwIfAborted();
    const host = await hosts.take(this.engine, signal);
    this.last = host;
    if (!this.started.includes(host)) this.started.push(host);
    if (this.started.length > 64) this.started.splice(0, this.started.length - 64);
    this.running.add(host);
    try {
      return (await host.run(this.engine, this.options, request, signal)) as Res;
    } finally {
      this.running.delete(host);
      hosts.give(host);
    }
  }

  kill(): void {
    this.killed = true;
    for (const h of this.running) h.kill();
  }
}
