// Public entry of the package for consumers: the typed client and the shared contract.
export { ClipperClient } from './client/client.js';
export { ClientError } from './client/errors.js';
export { EVENT_TYPES, PLATFORMS, type EventType, type EventEnvelope, type EventDataByType } from './api/events.js';
export { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from './api/errors.js';
