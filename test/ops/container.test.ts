import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../daemon/config.js';
// @ts-expect-error plain ES module without types
import { SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';
import { startTestDaemon } from '../helpers/daemon.js';

// Issue 31, item 6: no container engine runs on this machine, so the image is not built here.
// What can be checked is: the Dockerfile's shape and its package list against the one list of
// system packages, its HEALTHCHECK command run for real against a daemon, and compose.yaml
// parsed, its clipper settings loaded through the settings schema, its services the hosted shape.

const dockerfile = readFileSync('Dockerfile', 'utf8');
// Compose applies YAML merge keys (`<<: *clipper`).
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as any;
/** The exit code of `node ARGS` (asynchronous: the daemon it checks runs in this process). */
const nodeExit = async (args: string[], port: string) => await promisify(execFile)(process.execPath, args, { env: { ...process.env, CLIPPER_PORT: port }, timeout: 10_000 }).then(() => 0, (e: { code?: number }) => e.code);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Instructions of the Dockerfile, continuation lines joined, comments dropped. */
const instructions = dockerfile.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const stages = instructions.reduce<string[][]>((acc, line) => (line.startsWith('FROM ') ? [...acc, [line]] : (acc[acc.length - 1].push(line), acc)), []);

describe('Dockerfile', () => {
  it('is multi-stage on Node 20 slim, runs as a non-root user, checks /healthz', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) expect(s[0]).toMatch(/^FROM node:20-[a-z]+-slim\b/);
    const final = stages[stages.length - 1];
    const user = final.find((l) => l.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    expect(final.some((l) => /^COPY --from=build /.test(l))).toBe(true);
    expect(final.find((l) => l.startsWith('HEALTHCHECK '))).toContain('/healthz');
  });

  it('installs from Debian exactly the packages scripts/system-packages.mjs marks as the daemon\'s own', () => {
    const final = stages[stages.length - 1].join('\n');
    const install = /apt-get install -y --no-install-recommends ([^&]+)&&/.exec(final);
    expect(install).not.toBeNull();
    const listed = install![1].trim().split(/\s+/).sort();
    const runtime = (SYSTEM_PACKAGES as Array<{ apt: string; runtime?: boolean }>).filter((p) => p.runtime).map((p) => p.apt).sort();
    expect(listed).toEqual(runtime);
  });

  it('its HEALTHCHECK command passes against a running daemon and fails when none answers', async () => {
    const line = stages[stages.length - 1].find((l) => l.startsWith('HEALTHCHECK '))!;
    const cmd = JSON.parse(line.slice(line.indexOf('CMD ') + 4)) as string[];
    expect(cmd[0]).toBe('node');
    const d = await startTestDaemon();
    try {
      expect(await nodeExit(cmd.slice(1), String(d.port))).toBe(0);
    } finally {
      await d.stop();
    }
    expect(await nodeExit(cmd.slice(1), '9')).toBe(1);
  });
});

/** `${VAR:-default}` as compose interpolates it with VAR unset. */
const interpolate = (s: string) => s.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

describe('compose.yaml', () => {
  it('is the hosted shape: PostgreSQL, an S3-compatible server, one API, two workers', () => {
    const services = compose.services as Record<string, any>;
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.s3.image).toMatch(/minio/);
    expect(services.api.command).toEqual(expect.arrayContaining(['daemon', 'run', '--role', 'api']));
    expect(services.worker.command).toEqual(expect.arrayContaining(['daemon', 'run', '--role', 'worker']));
    expect(services.worker.deploy.replicas).toBe(2);
    expect(Object.values(services).filter((s: any) => s.build === '.')).toHaveLength(2);
    for (const name of ['api', 'worker']) {
      const url = interpolate(services[name].environment.CLIPPER_DATABASE_URL);
      expect(url).toMatch(/^postgres:\/\/clipper:[^@]+@postgres:5432\/clipper$/);
      expect(services[name].depends_on.postgres.condition).toBe('service_healthy');
      expect(services[name].configs[0].target).toBe('/var/lib/clipper/config.json');
    }
    // The database's password is the one the URL carries.
    expect(interpolate(services.postgres.environment.POSTGRES_PASSWORD)).toBe(decodeURIComponent(new URL(interpolate(services.api.environment.CLIPPER_DATABASE_URL)).password));
  });

  it('gives the daemons a config.json the settings schema accepts, on S3 and PostgreSQL', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clipper-compose-'));
    dirs.push(dataDir);
    writeFileSync(join(dataDir, 'config.json'), compose.configs['clipper-config'].content);
    const env = Object.fromEntries(Object.entries(compose.services.api.environment as Record<string, string>).map(([k, v]) => [k, interpolate(v)]));
    const config = loadConfig({ dataDir }, env);
    expect(config.database.url).toMatch(/^postgres:\/\//);
    expect(config.object_store).toMatchObject({ kind: 's3', bucket: 'clipper', force_path_style: true });
    expect(env[config.object_store.secret_access_key_env]).toBeTruthy();
    expect(env[config.metrics.token_env!]).toBeTruthy();
    // The worker role's own refusal (startDaemon) needs public_base_url: it is there.
    expect(config.server.public_base_url).toBeTruthy();
    expect(config.warnings).toEqual([]);
  });
});
