// Issue 18, item 1: the OpenAPI document is valid OpenAPI 3.1 (checked by an independent
// validator from npm), matches the daemon's routes both ways, and the committed openapi.json is
// the one the build generates now.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildRouter } from '../../daemon/server/routes.js';
import { openApiDocument, openApiPath } from '../../src/api/openapi/document.js';
import { EVENT_TYPES } from '../../src/api/events.js';

const doc = openApiDocument() as any;
// Registration only keeps references to the services; no handler runs here.
const routes = buildRouter({} as never).list().filter((r) => r.pattern.startsWith('/v1/'));
const documented = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every /v1 route of the daemon with its auth and status-check limit', () => {
    for (const r of routes) {
      const found = documented.find((d) => d.method === r.method && d.path === openApiPath(r.pattern));
      expect(found, `${r.method} ${r.pattern} is not in the document`).toBeDefined();
      const security = found!.op.security.map((s: object) => Object.keys(s)[0]).sort();
      expect(security, `${r.method} ${r.pattern}`).toEqual({ none: [], any: ['ApiKey', 'BearerJWT'], jwt: ['BearerJWT'] }[r.auth]);
      expect(!!found!.op['x-status-check'], `${r.method} ${r.pattern} status check`).toBe(r.statusCheck);
    }
  });

  it('documents no operation the daemon does not answer', () => {
    for (const d of documented) expect(routes.some((r) => r.method === d.method && openApiPath(r.pattern) === d.path), `${d.method} ${d.path}`).toBe(true);
    expect(documented).toHaveLength(routes.length);
  });

  it('gives every counted operation the error envelope and the rate-limit headers', () => {
    for (const { op } of documented.filter((d) => d.op.security.length)) {
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '429', '500']));
      const ok = Object.entries(op.responses).find(([s]) => s.startsWith('2'))![1] as any;
      expect(Object.keys(ok.headers)).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
    }
    expect(doc.components.responses.RateLimited.headers['Retry-After']).toBeDefined();
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message', 'details']);
  });

  it('describes every event type as a webhook with its payload and the signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const published = doc.components.schemas.PostPublishedEvent;
    expect(published.properties.type.const).toBe('post.published');
    expect(published.properties.data.required).toEqual(['post_id', 'clip_id', 'platform', 'team_id', 'published_url']);
    expect(doc.webhooks['post.published'].post.parameters.map((p: any) => p.name)).toEqual(['service-signature-256', 'service-signature']);
  });

  it('takes request bodies from the schemas that validate them (strict: unknown fields refused)', () => {
    const create = doc.components.schemas.CreateClipJob;
    expect(create.additionalProperties).toBe(false);
    expect(create.required).toEqual(['source']);
    expect(Object.keys(create.properties).sort()).toEqual(['clip_count', 'criteria', 'language', 'source', 'target_duration']);
  });

  it('is what the build wrote to openapi.json (run `node scripts/build.mjs` after changing a schema)', () => {
    expect(JSON.parse(readFileSync('openapi.json', 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
