import type { ClipperClient } from '../client/client.js';
import type { HttpOptions } from '../client/http.js';
import { resolveTarget, type GlobalOptions, type Resolved } from './credentials.js';
import { localOwnerToken } from './local-daemon.js';
import { JsonSink, Output, type Streams } from './output.js';

export interface CliIO extends Streams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/**
 * What every command's run() gets: its streams, environment, the global flags and a lazily
 * built client. Tests build one with their own streams and call run() directly.
 * Start-up time: the HTTP client and the local owner token (SQLite, jose) are imported
 * only when a command asks for a client, so `--help` or `clips list` never load them.
 */
export class CliContext {
  globals: GlobalOptions = {};
  /** A command that ends without an error but must not exit 0 sets this. */
  exitCode: number = 0;
  /** Overrides for the client this context builds (tests: an instant `sleep` between retries). */
  clientOptions: Partial<HttpOptions> = {};
  private cachedClient?: Promise<ClipperClient>;
  private sink?: { key: string; sink: JsonSink };

  constructor(readonly io: CliIO) {}

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  get out(): Output {
    return new Output(this.io, { json: this.jsonOption, color: this.decorate && this.globals.color !== false && !!this.io.stderr.isTTY, sink: this.jsonSink() });
  }

  /** `--json [fields]`, or `--jq` alone (which prints JSON too). */
  private get jsonOption(): boolean | string {
    return this.globals.json ?? (this.globals.jq !== undefined ? true : false);
  }

  /** One sink per parsed command line, so --jq output keeps its order and can be awaited. */
  private jsonSink(): JsonSink {
    const key = JSON.stringify([this.jsonOption, this.globals.jq]);
    if (this.sink?.key !== key) this.sink = { key, sink: new JsonSink(this.io.stdout, this.jsonOption, this.globals.jq) };
    return this.sink.sink;
  }

  /** Waits for JSON output still being formatted (--jq); runProgram calls it after the command. */
  flushOutput(): Promise<void> {
    return this.sink?.sink.flush() ?? Promise.resolve();
  }

  /**
   * Whether colour and animation are allowed at all (issue 7): stdout is a terminal, NO_COLOR is
   * not set and --no-input was not given. Prompts are governed by `interactive` instead: NO_COLOR
   * (no-color.org) is about colour, so it does not take prompts away.
   */
  get decorate(): boolean {
    return !!this.io.stdout.isTTY && !this.env.NO_COLOR && this.globals.input !== false;
  }

  /**
   * Spinners and progress bars: decoration allowed, a terminal on stderr (where they draw), not
   * --json. Issue 13, item 12: a terminal 0 columns wide (a pseudo-terminal nobody sized, as
   * `script` makes from a non-terminal) gets no bar: a redraw there never ends.
   */
  get animate(): boolean {
    const columns = (this.io.stderr as { columns?: number }).columns;
    return this.decorate && !!this.io.stderr.isTTY && !isJson(this.jsonOption) && columns !== 0;
  }

  /** True when the CLI may prompt: a terminal, no --no-input, no --json. */
  get interactive(): boolean {
    return !!this.io.stdout.isTTY && !!this.io.stdin.isTTY && this.globals.input !== false && !isJson(this.jsonOption) && !this.env.CI;
  }

  /** A command's own `--data-dir` for the local daemon's owner credential (doctor). */
  localDataDir?: string;

  target(): Resolved {
    return resolveTarget(this.globals, this.env, { dataDir: this.localDataDir });
  }

  client(): Promise<ClipperClient> {
    this.cachedClient ??= (async () => {
      const t = this.target();
      let token = t.token;
      if (!t.apiKey && !token && t.dataDir) token = await localOwnerToken(t.dataDir, this.env);
      const { ClipperClient } = await import('../client/client.js');
      return new ClipperClient({
        baseUrl: t.baseUrl,
        apiKey: t.apiKey,
        token,
        onRetry: ({ attempt, waitMs, reason }) => this.out.info(`retrying (${attempt}) in ${Math.round(waitMs / 100) / 10}s: ${reason}`),
        ...this.clientOptions,
      });
    })();
    return this.cachedClient;
  }
}

/** `--json` given, with or without fields (`--json=` gives an empty string, still JSON). */
export const isJson = (json: boolean | string | undefined): boolean => json !== undefined && json !== false;

