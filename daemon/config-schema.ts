// Every setting of DATA_DIR/config.json: one typed section each (DESIGN.md "Second round"), with
// its type, default and a one-line description. config.ts parses the file against this table
// once at start; README's "Settings" table lists the same rows (test/foundation/config.test.ts
// keeps them in step). A setting is named `section.key` everywhere, in the file and in code.

import { MAX_SOURCE_BYTES, RATE_LIMITS, UPLOAD_LIMITS, WEBHOOK_ACK_MS } from '../src/api/limits.js';

/** One setting: how to read it from JSON, its default, and what it is for. */
export interface Setting<T> {
  type: string;
  default: T;
  doc: string;
  /** The value, or a message saying what is wrong with it (without the key's name). */
  parse(value: unknown): T | { problem: string };
}

const problem = (p: string) => ({ problem: p });
const got = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

export function int(def: number, doc: string, min = 0, max = Number.MAX_SAFE_INTEGER): Setting<number> {
  return {
    type: `integer ${min}..${max === Number.MAX_SAFE_INTEGER ? '' : max}`.replace(/\.\.$/, '+'),
    default: def,
    doc,
    parse: (v) => (Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : problem(`must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`} (got ${got(v)})`)),
  };
}

export function bool(def: boolean, doc: string): Setting<boolean> {
  return { type: 'boolean', default: def, doc, parse: (v) => (typeof v === 'boolean' ? v : problem(`must be true or false (got ${got(v)})`)) };
}

export function str<D extends string | undefined>(def: D, doc: string): Setting<string | D> {
  return { type: 'string', default: def, doc, parse: (v) => (typeof v === 'string' && v.trim() ? v.trim() : problem(`must be a non-empty string (got ${got(v)})`)) };
}

export function oneOf<const V extends string>(values: readonly V[], def: V, doc: string): Setting<V> {
  return {
    type: values.map((v) => `"${v}"`).join(' \\| '),
    default: def,
    doc,
    parse: (v) => (values.includes(v as V) ? (v as V) : problem(`must be one of ${values.join(', ')} (got ${got(v)})`)),
  };
}

/** One of `values`, or absent (undefined) when the file does not set it. */
export function optionalOneOf<const V extends string>(values: readonly V[], doc: string): Setting<V | undefined> {
  return { ...oneOf(values, values[0], doc), default: undefined };
}

export function strings(doc: string): Setting<string[]> {
  return {
    type: 'string[]',
    default: [],
    doc,
    parse: (v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : problem(`must be a list of strings (got ${got(v)})`)),
  };
}

/** DESIGN.md: `{issuer, jwks_url, audience, team_claim}` per trusted identity provider. */
export interface ExternalIssuer {
  issuer: string;
  jwks_url: string;
  audience: string;
  team_claim: string;
}

function issuers(doc: string): Setting<ExternalIssuer[]> {
  const fields = ['issuer', 'jwks_url', 'audience', 'team_claim'] as const;
  const ok = (i: unknown): i is ExternalIssuer =>
    !!i && typeof i === 'object' && fields.every((f) => typeof (i as Record<string, unknown>)[f] === 'string') && Object.keys(i).every((k) => (fields as readonly string[]).includes(k));
  return {
    type: 'list of {issuer, jwks_url, audience, team_claim}',
    default: [],
    doc,
    parse: (v) => (Array.isArray(v) && v.every(ok) ? v : problem(`must be a list of {${fields.join(', ')}} objects with string values`)),
  };
}

/** The sections of config.json and every key in them. */
export const SETTINGS = {
  server: {
    host: str('127.0.0.1', 'Address the daemon listens on (`--host` wins)'),
    port: int(7788, 'Port the daemon listens on (`--port` wins)', 0, 65535),
    public_base_url: str(undefined, 'Base URL clients reach the daemon at, for links in responses (default: the listening address)'),
    local: bool(true, 'A local daemon: loopback and private addresses are allowed for links and webhooks'),
    max_json_body_bytes: int(1024 * 1024, 'Largest JSON request body', 1024),
    event_heartbeat_ms: int(15_000, 'Milliseconds between heartbeats of the pages\' live-event stream (GET /app/events), under a proxy\'s idle timeout', 100),
  },
  auth: {
    external_issuers: issuers('Identity providers whose ID tokens are accepted besides the local one (hosted deployments)'),
  },
  limits: {
    requests_per_minute: int(RATE_LIMITS.requestsPerMinute, 'Requests a minute per root team (spec "Request rate": 60)', 1),
    max_download_bytes: int(MAX_SOURCE_BYTES, 'Largest file behind `source.url` (spec: 8 GB)', 1),
  },
  network: {
    allow_private_targets: bool(false, 'A hosted daemon may download from and deliver webhooks to private addresses'),
    ytdlp_cookies: str(undefined, 'Cookies file (Netscape format) handed to yt-dlp for video-platform links that need a signed-in session'),
  },
  transcription: {
    engine: oneOf(['auto', 'sherpa-onnx', 'whisper.cpp', 'pocketsphinx', 'none'], 'auto', 'Speech engine (`CLIPPER_TRANSCRIBER` wins); auto picks the best that can run'),
    model: str(undefined, 'Speech model: a name in DATA_DIR/models (a sherpa-onnx model folder or a ggml file) or a path (default: the newest installed)'),
    whisper_bin: str(undefined, 'whisper.cpp binary (default: `whisper-cli` on PATH)'),
    language: str(undefined, 'Language of jobs that name none and whose team has no preferred language (ISO 639-1)'),
  },
  pipeline: {
    chunk_seconds: int(60, 'Length of one transcription chunk (s)', 1),
    section_seconds: int(180, 'Length of one suggestion section (s)', 1),
    heavy_concurrency: int(0, 'Heavy processes (ffmpeg, speech) at once; 0 means one per core', 0, 64),
    link_check_ms: int(4000, 'Timeout of the up-front check of a `source.url` link (ms)', 1),
    yt_dlp_path: str('yt-dlp', 'yt-dlp executable for video-platform links'),
    video_platform_hosts: strings('Extra hosts whose pages are fetched with yt-dlp'),
  },
  models: {
    auto_fetch_encoder: bool(true, 'The first job with `criteria` and no sentence encoder installed fetches the recommended one (about 34 MB, checked against its pinned SHA-256) when the model hub answers; false: never (the request is matched by word meanings alone)'),
  },
  framing: {
    face_tracking: bool(true, 'Previews and renders follow the speaking face (issue 17); false: the centre crop, no face detection'),
  },
  webhooks: {
    timeout_ms: int(WEBHOOK_ACK_MS, 'A delivery is acknowledged by a 2xx within this (spec: 30 s)', 1),
    backoff_ms: int(1_000, 'First retry wait, doubling each time (1, 2, 4, 8, 16 s)', 1),
    concurrency: int(32, 'Deliveries in flight at once', 1),
    concurrency_per_endpoint: int(4, 'Deliveries in flight to one registration', 1),
    poll_ms: int(1_000, 'Longest sleep between looks at the outbox (ms)', 1),
  },
  uploads: {
    min_part_size: int(UPLOAD_LIMITS.minPartSize, 'Smallest multipart part (DESIGN.md: 5 MiB; tests lower it)', 1),
    cleanup_hour: int(3, 'Hour (local time) of the nightly cleanup of expired uploads', 0, 23),
  },
  tasks: {
    lease_ms: int(60_000, 'Lease of a running task, renewed three times a lease while it runs; another worker takes the task over when it lapses, or at once when its process is gone from the same machine (ms)', 1_000),
  },
  llm: {
    engine: optionalOneOf(['embedded', 'openai'], 'Which language model judges, ranks and titles clips: `embedded` (a GGUF model from `clipper models add`, run by llama.cpp in its own process) or `openai` (the server at `llm.base_url`); absent: `openai` when `llm.base_url` is set, else `embedded` when a GGUF model is installed, else heuristics only'),
    base_url: str(undefined, 'OpenAI-compatible chat-completions endpoint, e.g. `http://localhost:11434/v1` (absent: heuristics only)'),
    model: str(undefined, 'Model name sent to the endpoint (needed with `llm.base_url`); with `embedded`, an installed GGUF model\'s name or a path (absent: the newest installed)'),
    context_size: int(4096, 'Context of the embedded model (tokens; the prompts are sized to fit 4096)', 1024),
    threads: int(0, 'CPU threads of the embedded model; 0 means one less than the cores, at least one (speech and ffmpeg run beside it, and llama.cpp threads slow down badly on a busy core)', 0, 256),
    embedded_timeout_ms: int(300_000, 'Timeout of one embedded-model call (ms; a CPU is slower than a server)', 1),
    api_key_env: str(undefined, 'Environment variable holding the API key'),
    timeout_ms: int(30_000, 'Timeout of one LLM call (ms)', 1),
    stream: bool(true, 'Ask for the answer as a stream of server-sent events'),
  },
  oauth: {
    youtube_client_id: str(undefined, 'OAuth client id of your Google Cloud app (YouTube connector; `--client-id` and `CLIPPER_YOUTUBE_CLIENT_ID` win)'),
    youtube_client_secret: str(undefined, 'Its client secret (`--client-secret`, `CLIPPER_YOUTUBE_CLIENT_SECRET` win)'),
    tiktok_client_id: str(undefined, 'Client key of your TikTok for Developers app (TikTok connector)'),
    tiktok_client_secret: str(undefined, 'Its client secret'),
    instagram_client_id: str(undefined, 'App id of your Meta app with Facebook Login for Business (Instagram connector)'),
    instagram_client_secret: str(undefined, 'Its app secret'),
    linkedin_client_id: str(undefined, 'Client id of your LinkedIn app (LinkedIn connector)'),
    linkedin_client_secret: str(undefined, 'Its client secret'),
  },
  database: {
    url: str(undefined, 'Database: a PostgreSQL URL (postgres://user:password@host:5432/db) for a deployment spread over machines; absent: the embedded SQLite file DATA_DIR/clipper.db. CLIPPER_DATABASE_URL wins'),
    // A database that stops answering fails a request in the spec's envelope, never hangs it.
    query_timeout_ms: int(5_000, 'PostgreSQL: longest wait for one statement\'s answer; past it the statement is cancelled and a request answers 500 INTERNAL_ERROR saying the database did not answer (ms)', 100),
    connect_timeout_ms: int(5_000, 'PostgreSQL: longest wait for a connection (a new one, or a free one of the pool) (ms)', 100),
  },
  // Issue 21, item 2: "`object_store.kind = "s3"` with endpoint, bucket, region and credentials".
  object_store: {
    kind: oneOf(['disk', 's3'], 'disk', 'Object store: DATA_DIR/objects on disk, or an S3-compatible bucket (uploads then go straight to the bucket)'),
    endpoint: str(undefined, 'S3 endpoint, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio.internal:9000` (absent: AWS S3 of `region`)'),
    bucket: str(undefined, 'Bucket holding uploads, previews and renders (needed with kind "s3")'),
    region: str('us-east-1', 'Region the requests are signed for'),
    access_key_id: str(undefined, 'Access key id (absent: the environment variable AWS_ACCESS_KEY_ID)'),
    secret_access_key_env: str('AWS_SECRET_ACCESS_KEY', 'Environment variable holding the secret access key (never written in config.json)'),
    force_path_style: bool(false, 'Address the bucket as `endpoint/bucket/key` (MinIO, Garage, Ceph) rather than `bucket.endpoint/key`'),
  },
  // Issue 31, items 1 and 2: running it for others.
  metrics: {
    token_env: str(undefined, 'Environment variable holding a token that `GET /metrics` then requires as `Authorization: Bearer <token>` (absent: /metrics is open)'),
  },
  log: {
    level: oneOf(['debug', 'info', 'warn', 'error', 'silent'], 'info', 'Least severe log line written (stderr)'),
    format: oneOf(['json', 'pretty'], 'json', 'One JSON object a line, or a short human-readable line'),
  },
} as const;

type ValueOf<S> = S extends Setting<infer T> ? T : never;
/** The parsed settings: `config.pipeline.chunk_seconds` and so on, every key present. */
export type Settings = { -readonly [S in keyof typeof SETTINGS]: { -readonly [K in keyof (typeof SETTINGS)[S]]: ValueOf<(typeof SETTINGS)[S][K]> } };
/** What config.json (or a test) may give: any subset of the sections and keys. */
export type SettingsInput = { [S in keyof Settings]?: { [K in keyof Settings[S]]?: unknown } };
