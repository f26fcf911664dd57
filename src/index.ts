// Public entry of the package (`import { Clipper } from 'clipper'`, issue 18): the SDK, the typed
// client it is built on, and the shared contract (wire types and schemas of src/api).
export { Clipper } from './sdk/node.js';
export * from './sdk/shared-exports.js';
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
