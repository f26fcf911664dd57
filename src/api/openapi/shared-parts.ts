// The parts of the OpenAPI document every operation shares: credentials (spec "Authentication"),
// rate-limit headers (spec "Limits", "Request rate" 2 and 3), the error responses (spec "Errors")
// and the webhook signature headers (spec "Delivery" 2).
import { RATE_LIMITS } from '../limits.js';

type Json = Record<string, unknown>;

export const SECURITY_SCHEMES = {
  ApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Send `Authorization: Key <secret>-<teamId>`: server-to-server automation and scripts.',
  },
  BearerJWT: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An identity-provider ID token (the local daemon mints one: `clipper auth token`).' },
};

/** Spec "Authentication": key or JWT, or JWT only for credential management (keys, webhooks, platforms). */
export function securityOf(auth: 'any' | 'jwt' | 'none'): Json[] {
  if (auth === 'none') return [];
  return auth === 'jwt' ? [{ BearerJWT: [] }] : [{ ApiKey: [] }, { BearerJWT: [] }];
}

const integer = { type: 'integer' };
/** The header objects themselves (components.headers). */
export const HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': { description: `Requests a minute per root team (${RATE_LIMITS.requestsPerMinute})`, schema: integer },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute window', schema: integer },
  'X-RateLimit-Reset': { description: 'Unix seconds when the window rolls over', schema: integer },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: integer },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Spec "Request rate" 2: "Every successful or rate-limited response carries" these. */
export const RATE_HEADERS = Object.fromEntries(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((h) => [h, headerRef(h)]));

const ERRORS: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'BAD_REQUEST: the body or a query parameter failed validation; `details.field` names it' },
  401: { name: 'Unauthorized', description: 'UNAUTHORIZED: missing or invalid credential, or an API key where a JWT is required' },
  404: { name: 'NotFound', description: 'NOT_FOUND: the resource does not exist on the team' },
  409: { name: 'Conflict', description: 'CONFLICT: the resource\'s state does not allow this (see the operation)' },
  429: { name: 'RateLimited', description: `RATE_LIMITED (more than ${RATE_LIMITS.requestsPerMinute} requests in the minute) or STATUS_RATE_LIMITED (a status-check limit); \`retry_after_seconds\` in the body` },
  500: { name: 'InternalError', description: 'INTERNAL_ERROR: safe to retry with backoff' },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

export const ERROR_RESPONSES = Object.fromEntries(
  Object.values(ERRORS).map(({ name, description }) => [
    name,
    { description, content: errorContent, ...(name === 'RateLimited' ? { headers: { ...RATE_HEADERS, 'Retry-After': headerRef('Retry-After') } } : {}) },
  ]),
);

export function errorResponseRefs(statuses: number[]): Json {
  return Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, { $ref: `#/components/responses/${ERRORS[s].name}` }]));
}

/** Spec "Delivery" 2: both signature headers on every delivery. */
export const SIGNATURE_HEADERS = [
  { name: 'service-signature-256', in: 'header', required: true, description: '`t=<unix-seconds>,v1=<hex>`: HMAC-SHA256 of `<t>.<body>` keyed by the signing secret', schema: { type: 'string' } },
  { name: 'service-signature', in: 'header', required: false, description: 'Legacy: the raw secret; a registration may opt out; to be removed', schema: { type: 'string' } },
];
