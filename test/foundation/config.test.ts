import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, parseSettings } from '../../daemon/config.js';
import { SETTINGS } from '../../daemon/config-schema.js';
import { startTestDaemon } from '../helpers/daemon.js';

const dirWith = (config: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-config-'));
  writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return dir;
};

describe('config.json, parsed once into typed sections (DESIGN.md "Second round")', () => {
  it('gives every key its default when there is no file', () => {
    const c = loadConfig({ dataDir: mkdtempSync(join(tmpdir(), 'clipper-config-')) });
    expect(c.server).toMatchObject({ host: '127.0.0.1', port: 7788, local: true });
    expect(c.limits.requests_per_minute).toBe(60);
    expect(c.webhooks).toEqual({ timeout_ms: 30_000, backoff_ms: 1_000, concurrency: 32, concurrency_per_endpoint: 4, poll_ms: 1_000 });
    expect(c.transcription.engine).toBe('auto');
    expect(c.warnings).toEqual([]);
  });

  it('reads sections and lets flags win over the file', () => {
    const dir = dirWith({ server: { port: 9000, host: '0.0.0.0' }, pipeline: { chunk_seconds: 30 } });
    const c = loadConfig({ dataDir: dir, port: 9100 });
    expect(c.server.port).toBe(9100);
    expect(c.server.host).toBe('0.0.0.0');
    expect(c.pipeline.chunk_seconds).toBe(30);
    expect(c.pipeline.section_seconds).toBe(180);
  });

  it('refuses an unknown section or key, naming it', () => {
    expect(() => parseSettings({ pipline: {} })).toThrow(/unknown setting "pipline"/);
    expect(() => parseSettings({ pipeline: { chunk_secs: 5 } })).toThrow(/unknown setting "pipeline.chunk_secs" \(pipeline has chunk_seconds/);
    expect(() => loadConfig({ dataDir: dirWith({ nonsense: 1 }) })).toThrow(ConfigError);
  });

  it('refuses a mistyped value, naming the key and what it must be', () => {
    expect(() => parseSettings({ pipeline: { chunk_seconds: '60' } })).toThrow('config.json: pipeline.chunk_seconds must be a whole number from 1 up (got "60")');
    expect(() => parseSettings({ server: { local: 'yes' } })).toThrow(/server.local must be true or false/);
    expect(() => parseSettings({ transcription: { engine: 'whisper' } })).toThrow(/transcription.engine must be one of auto, sherpa-onnx, whisper.cpp, pocketsphinx, none/);
    expect(() => parseSettings({ limits: 5 })).toThrow(/"limits" must be an object/);
    expect(() => loadConfig({ dataDir: dirWith('{ not json') })).toThrow(/is not valid JSON/);
  });

  it('still reads the first version\'s flat keys, with a warning naming the new place', () => {
    const { settings, warnings } = parseSettings({ rate_limit_per_minute: 120, whisper_model: 'm.bin', allow_private_links: true });
    expect(settings.limits.requests_per_minute).toBe(120);
    expect(settings.transcription.model).toBe('m.bin');
    expect(settings.network.allow_private_targets).toBe(true);
    expect(warnings).toContain('config.json: "rate_limit_per_minute" is read as limits.requests_per_minute; move it there');
  });

  it('a key in its section wins over the same setting under its old flat name', () => {
    expect(parseSettings({ limits: { requests_per_minute: 10 }, rate_limit_per_minute: 99 }).settings.limits.requests_per_minute).toBe(10);
    expect(parseSettings({ rate_limit_per_minute: 99, limits: { requests_per_minute: 10 } }).settings.limits.requests_per_minute).toBe(10);
  });

  it('takes a PostgreSQL database.url, CLIPPER_DATABASE_URL over it, and refuses any other URL', () => {
    expect(loadConfig({ dataDir: dirWith({ database: { url: 'postgres://db.example/clipper' } }) }, {}).database.url).toBe('postgres://db.example/clipper');
    expect(loadConfig({ dataDir: dirWith({ database: { url: 'postgres://a/x' } }) }, { CLIPPER_DATABASE_URL: 'postgresql://b/y' }).database.url).toBe('postgresql://b/y');
    expect(loadConfig({ dataDir: dirWith({}) }, {}).database.url).toBeUndefined();
    expect(() => loadConfig({ dataDir: dirWith({ database: { url: 'mysql://u:secret@x/db' } }) }, {})).toThrow(/database.url must be a PostgreSQL URL .*it starts "mysql:"$/);
    expect(() => loadConfig({ dataDir: dirWith({}) }, { CLIPPER_DATABASE_URL: 'sqlite:///tmp/x' })).toThrow(/^CLIPPER_DATABASE_URL must be a PostgreSQL URL/);
  });

  it('a daemon started on a bad config.json does not start', async () => {
    await expect(startTestDaemon({ dataDir: dirWith({ webhooks: { timeout_ms: -1 } }) })).rejects.toThrow(/webhooks.timeout_ms must be a whole number/);
  });

  it('README lists every setting, and only those', () => {
    const readme = readFileSync('README.md', 'utf8');
    const listed = [...readme.matchAll(/^\| `([a-z_]+\.[a-z_]+)` \|/gm)].map((m) => m[1]).sort();
    const known = Object.entries(SETTINGS).flatMap(([section, keys]) => Object.keys(keys).map((k) => `${section}.${k}`)).sort();
    expect(listed).toEqual(known);
  });
});
