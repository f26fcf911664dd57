// Public entry of the package for consumers: the typed client and the shared contract.
export { ClipperClient } from './client/client.js';
export { ClientError } from './client/errors.js';
export { EVENT_TYPES, PLATFORMS, type EventType, type EventEnvelope, type EventDataByType } from './api/events.js';
export { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from './api/errors.js';
export {
  verifySignature,
  parseSignatureHeader,
  WebhookVerificationError,
  MissingSignatureHeaderError,
  MalformedSignatureHeaderError,
  TimestampOutsideToleranceError,
  SignatureMismatchError,
  type VerifyOptions,
  type VerifiedSignature,
  type VerificationErrorCode,
} from './webhooks/verify.js';
export { computeSignature, signatureHeader, SIGNATURE_HEADER, LEGACY_SIGNATURE_HEADER } from './webhooks/sign.js';
