import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDataDir } from './defaults.js';
import { SETTINGS, type Settings, type SettingsInput } from './config-schema.js';
import { s3SettingsFrom } from './objects/s3-settings.js';

export type { ExternalIssuer, Settings, SettingsInput } from './config-schema.js';

/**
 * The daemon's configuration, parsed once at start: the data dir (flag or environment) and the
 * typed sections of DATA_DIR/config.json (config-schema.ts lists every key with its default).
 */
export type DaemonConfig = Settings & {
  dataDir: string;
  /** Flat keys of the first version that were read from their old place (logged at start). */
  warnings: string[];
};

export { DEFAULT_HOST, DEFAULT_PORT, defaultDataDir } from './defaults.js';

/** A config.json that cannot be used: names the file and the key, and says what is wrong. */
export class ConfigError extends Error {}

/**
 * The first version's flat keys and their place now. They are still read, with a warning; the
 * two look-alike private-address keys of that version decide one policy now.
 */
const LEGACY: Record<string, string> = {
  host: 'server.host', port: 'server.port', public_base_url: 'server.public_base_url', local: 'server.local',
  max_json_body_bytes: 'server.max_json_body_bytes', external_issuers: 'auth.external_issuers',
  rate_limit_per_minute: 'limits.requests_per_minute', max_download_bytes: 'limits.max_download_bytes',
  allow_private_targets: 'network.allow_private_targets', allow_private_links: 'network.allow_private_targets',
  transcriber: 'transcription.engine', whisper_model: 'transcription.model', whisper_bin: 'transcription.whisper_bin',
  pipeline_chunk_seconds: 'pipeline.chunk_seconds', pipeline_section_seconds: 'pipeline.section_seconds',
  heavy_concurrency: 'pipeline.heavy_concurrency', link_check_ms: 'pipeline.link_check_ms', yt_dlp_path: 'pipeline.yt_dlp_path',
  video_platform_hosts: 'pipeline.video_platform_hosts', webhook_timeout_ms: 'webhooks.timeout_ms',
  webhook_backoff_ms: 'webhooks.backoff_ms', webhook_concurrency: 'webhooks.concurrency',
  webhook_concurrency_per_endpoint: 'webhooks.concurrency_per_endpoint', webhook_poll_ms: 'webhooks.poll_ms',
  min_part_size: 'uploads.min_part_size', upload_cleanup_hour: 'uploads.cleanup_hour', task_lease_ms: 'tasks.lease_ms',
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parses settings (the content of config.json, or a test's) into every section with defaults. */
export function parseSettings(input: unknown, source = 'config.json'): { settings: Settings; warnings: string[] } {
  if (!isObject(input)) throw new ConfigError(`${source} must hold one JSON object`);
  const warnings: string[] = [];
  const sections: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key in SETTINGS) {
      if (!isObject(value)) throw new ConfigError(`${source}: "${key}" must be an object of settings (one of its keys: ${Object.keys(SETTINGS[key as keyof Settings]).join(', ')})`);
      sections[key] = { ...sections[key], ...value };
    } else if (key in LEGACY) {
      const [section, name] = LEGACY[key].split('.');
      warnings.push(`${source}: "${key}" is read as ${LEGACY[key]}; move it there`);
      sections[section] = { [name]: value, ...sections[section] };
    } else {
      throw new ConfigError(`${source}: unknown setting "${key}" (sections: ${Object.keys(SETTINGS).join(', ')})`);
    }
  }
  const settings = {} as Record<string, Record<string, unknown>>;
  for (const [section, keys] of Object.entries(SETTINGS)) {
    const given = sections[section] ?? {};
    for (const key of Object.keys(given)) {
      if (!(key in keys)) throw new ConfigError(`${source}: unknown setting "${section}.${key}" (${section} has ${Object.keys(keys).join(', ')})`);
    }
    settings[section] = {};
    for (const [key, setting] of Object.entries(keys)) {
      const raw = given[key];
      if (raw === undefined || raw === null) {
        settings[section][key] = setting.default;
        continue;
      }
      const value = setting.parse(raw);
      if (isObject(value) && 'problem' in value && typeof value.problem === 'string') throw new ConfigError(`${source}: ${section}.${key} ${value.problem}`);
      settings[section][key] = value;
    }
  }
  return { settings: settings as Settings, warnings };
}

/** Reads DATA_DIR/config.json (if any), then `overrides` (flags, tests) over it, key by key. */
export function loadConfig(
  opts: { dataDir?: string; host?: string; port?: number; settings?: SettingsInput } = {},
  env: NodeJS.ProcessEnv = process.env,
): DaemonConfig {
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(env));
  const file = join(dataDir, 'config.json');
  let fromFile: unknown = {};
  if (existsSync(file)) {
    try {
      fromFile = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new ConfigError(`${file} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const merged: Record<string, unknown> = isObject(fromFile) ? { ...fromFile } : (fromFile as Record<string, unknown>);
  const over = { ...(opts.settings ?? {}) } as Record<string, Record<string, unknown> | undefined>;
  if (opts.host !== undefined || opts.port !== undefined) {
    over.server = { ...over.server, ...(opts.host !== undefined ? { host: opts.host } : {}), ...(opts.port !== undefined ? { port: opts.port } : {}) };
  }
  if (isObject(merged)) {
    for (const [section, values] of Object.entries(over)) {
      if (values) merged[section] = isObject(merged[section]) ? { ...(merged[section] as object), ...values } : values;
    }
  }
  const source = existsSync(file) ? file : 'settings';
  const { settings, warnings } = parseSettings(merged, source);
  // Issue 21, item 1: database.url, or CLIPPER_DATABASE_URL (which wins), selects PostgreSQL.
  const databaseUrl = env.CLIPPER_DATABASE_URL || settings.database.url;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const where = env.CLIPPER_DATABASE_URL ? 'CLIPPER_DATABASE_URL' : `${source}: database.url`;
    throw new ConfigError(`${where} must be a PostgreSQL URL (postgres://user:password@host:5432/database); it starts "${databaseUrl.split(':')[0]}:"`);
  }
  settings.database.url = databaseUrl || undefined;
  if (settings.object_store.kind === 's3') {
    const s3 = s3SettingsFrom(settings.object_store, env);
    if ('problem' in s3) throw new ConfigError(`${source}: ${s3.problem}`);
  }
  if (settings.llm.engine === 'openai' && !settings.llm.base_url) {
    throw new ConfigError(`${source}: llm.engine is "openai", but llm.base_url is not set; give the address of the chat-completions server (for example "http://localhost:11434/v1")`);
  }
  if (settings.llm.base_url && !settings.llm.model && settings.llm.engine !== 'embedded') {
    throw new ConfigError(`${source}: llm.base_url is set, but llm.model is not; name the model the endpoint should run (for example "llama3.1")`);
  }
  if (settings.llm.api_key_env && !env[settings.llm.api_key_env]) warnings.push(`${source}: llm.api_key_env names ${settings.llm.api_key_env}, which is not set; calls go without an API key`);
  return { ...settings, dataDir, warnings };
}
