// The OpenAPI 3.1 document of /v1 (issue 18, item 1), generated from the zod schemas that validate
// requests (OPERATIONS, NAMED_SCHEMAS): served at GET /v1/openapi.json and written to openapi.json
// by scripts/build.mjs. Nothing here restates a field.
import { z } from 'zod';
import { EVENT_TYPES } from '../events.js';
import { RATE_LIMITS } from '../limits.js';
import { VERSION } from '../../cli/version.js';
import { eventSchemaName, NAMED_SCHEMAS } from './components.js';
import { OPERATIONS, TAGS, type Operation } from './operations.js';
import { ERROR_RESPONSES, errorResponseRefs, HEADERS, RATE_HEADERS, SECURITY_SCHEMES, securityOf, SIGNATURE_HEADERS } from './shared-parts.js';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** `/v1/clips/:id` -> `/v1/clips/{id}`. */
export const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Every schema the document names, generated in one pass so shared ones become `$ref`s. */
function componentSchemas(): { names: Map<z.ZodType, string>; schemas: Record<string, Json> } {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  const name = (schema: z.ZodType, id: string) => {
    if (names.has(schema)) return;
    names.set(schema, id);
    registry.add(schema, { id });
  };
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) name(schema, id);
  for (const o of OPERATIONS) {
    if (o.body) name(o.body, `${capital(o.operationId)}Request`);
    name(o.response, `${capital(o.operationId)}Response`);
  }
  // io 'input': request bodies as a caller writes them; response objects stay open to new fields
  // (spec "Delivery" 7 and "Versioning" 2: fields are added, never removed).
  const out = z.toJSONSchema(registry, { io: 'input', target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  const schemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries(out.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s as Json;
    schemas[id] = rest;
  }
  return { names, schemas };
}

function parameters(o: Operation): Json[] {
  const params: Json[] = [...o.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    ...(o.params?.[m[1]] ? { description: o.params[m[1]] } : {}),
    schema: { type: 'string' },
  }));
  if (o.query) {
    const q = z.toJSONSchema(o.query, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
    for (const [key, schema] of Object.entries(q.properties ?? {})) params.push({ name: key, in: 'query', required: q.required?.includes(key) ?? false, schema });
  }
  return params;
}

function operation(o: Operation, names: Map<z.ZodType, string>): Json {
  const counted = o.auth !== 'none';
  const statusNote = o.statusCheck ? ' Status-check limits apply (6 a minute per id, 30 a minute per team, 20 not-found answers an hour).' : '';
  return {
    operationId: o.operationId,
    tags: [o.tag],
    summary: o.summary,
    ...(statusNote ? { description: statusNote.trim(), 'x-status-check': true } : {}),
    security: securityOf(o.auth),
    parameters: parameters(o),
    ...(o.body ? { requestBody: { required: !o.bodyOptional, content: { 'application/json': { schema: ref(names.get(o.body)!) } } } } : {}),
    responses: {
      [o.status]: { description: o.summary, ...(counted ? { headers: RATE_HEADERS } : {}), content: { 'application/json': { schema: ref(names.get(o.response)!) } } },
      ...(counted ? errorResponseRefs([...o.errors, 401, 429, 500]) : errorResponseRefs([500])),
    },
  };
}

/** Spec "Events", "Delivery": one webhook operation per event type. */
function webhooks(): Json {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event.${type}`,
          // Sent by the daemon, not called by a client: no credential (the signature headers vouch for it).
          security: [],
          summary: `The ${type} event`,
          description: 'Delivered at least once as an HTTP POST; dedupe on `id`, order by `created`. Verify `service-signature-256` (HMAC-SHA256 of `<t>.<body>` keyed by the signing secret).',
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: ref(eventSchemaName(type)) } } },
          responses: { '2XX': { description: 'Acknowledged (any 2xx within 30 seconds); failures are retried up to 5 times' } },
        },
      },
    ]),
  );
}

let cached: Json | undefined;

export function openApiDocument(): Json {
  if (cached) return cached;
  const { names, schemas } = componentSchemas();
  const paths: Record<string, Json> = {};
  for (const o of OPERATIONS) (paths[openApiPath(o.path)] ??= {})[o.method.toLowerCase()] = operation(o, names);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'clipper /v1',
      version: VERSION,
      description: `One long video in, scored short clips, renders, drafts and posts out. Every /v1 call counts against ${RATE_LIMITS.requestsPerMinute} requests a minute per team. Errors share one envelope (\`Error\`). Upload and media URLs (\`/objects/...\`) are signed and need no Authorization header.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:7788', description: 'The local daemon (default port)' }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name, description: TAGS[name] })),
    paths,
    webhooks: webhooks(),
    components: { schemas, securitySchemes: SECURITY_SCHEMES, headers: HEADERS, responses: ERROR_RESPONSES },
  };
  return cached;
}
