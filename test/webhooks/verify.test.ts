import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MalformedSignatureHeaderError,
  MissingSignatureHeaderError,
  SignatureMismatchError,
  TimestampOutsideToleranceError,
  WebhookVerificationError,
  verifySignature,
} from '../../src/index.js';
import { signatureHeader } from '../../src/webhooks/sign.js';

// Signatures here are made with node:crypto directly, independent of the package's signer.
const secret = 'whsec_testsecret';
const body = '{"id":"evt_1","type":"post.published","created":1700000000000,"data":{"team_id":"team_1"}}';
const t = 1_700_000_000;
const now = t * 1000;
const hmac = (s: string, ts: number, b: string | Buffer) => createHmac('sha256', s).update(`${ts}.`).update(b).digest('hex');

const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as WebhookVerificationError;
  }
  throw new Error('expected a verification error');
};

describe('verifySignature', () => {
  it('accepts a signature computed independently, for a string or the raw bytes', () => {
    const header = `t=${t},v1=${hmac(secret, t, body)}`;
    expect(verifySignature(secret, header, body, { now })).toEqual({ timestamp: t });
    expect(verifySignature(secret, header, Buffer.from(body), { now: new Date(now) })).toEqual({ timestamp: t });
    // The package's signer produces the same header the independent implementation does.
    expect(signatureHeader(secret, t, body)).toBe(header);
  });

  it('refuses a changed body, a wrong secret and a changed timestamp with BAD_SIGNATURE', () => {
    const header = `t=${t},v1=${hmac(secret, t, body)}`;
    for (const f of [
      () => verifySignature(secret, header, body.replace('published', 'failed'), { now }),
      () => verifySignature('whsec_other', header, body, { now }),
      () => verifySignature(secret, `t=${t + 1},v1=${hmac(secret, t, body)}`, body, { now }),
    ]) {
      const e = errorOf(f);
      expect(e).toBeInstanceOf(SignatureMismatchError);
      expect(e.code).toBe('BAD_SIGNATURE');
    }
  });

  it('accepts any of several v1 values and any of several secrets (rotation); ignores other schemes', () => {
    const header = `t=${t},v1=${hmac('whsec_old', t, body)},v1=${hmac(secret, t, body)},v0=abc`;
    expect(verifySignature(secret, header, body, { now }).timestamp).toBe(t);
    expect(verifySignature(['whsec_new', 'whsec_old'], `t=${t},v1=${hmac('whsec_old', t, body)}`, body, { now }).timestamp).toBe(t);
    expect(() => verifySignature(['whsec_new', 'whsec_x'], header, body, { now })).toThrow(SignatureMismatchError);
  });

  it('allows 5 minutes either way by default, and says which way a timestamp is off', () => {
    const at = (ts: number) => `t=${ts},v1=${hmac(secret, ts, body)}`;
    expect(verifySignature(secret, at(t - 300), body, { now }).timestamp).toBe(t - 300);
    expect(verifySignature(secret, at(t + 300), body, { now }).timestamp).toBe(t + 300);
    const old = errorOf(() => verifySignature(secret, at(t - 301), body, { now })) as TimestampOutsideToleranceError;
    expect(old).toBeInstanceOf(TimestampOutsideToleranceError);
    expect(old).toMatchObject({ code: 'TIMESTAMP_OUT_OF_TOLERANCE', direction: 'past', toleranceSeconds: 300 });
    expect(old.message).toMatch(/301 s old/);
    const ahead = errorOf(() => verifySignature(secret, at(t + 301), body, { now })) as TimestampOutsideToleranceError;
    expect(ahead.direction).toBe('future');
    expect(verifySignature(secret, at(t - 3000), body, { now, toleranceSeconds: 3600 }).timestamp).toBe(t - 3000);
    expect(() => verifySignature(secret, at(t - 11), body, { now, toleranceSeconds: 10 })).toThrow(TimestampOutsideToleranceError);
  });

  it.each([
    [undefined, MissingSignatureHeaderError, 'MISSING_HEADER'],
    ['', MissingSignatureHeaderError, 'MISSING_HEADER'],
    ['garbage', MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
    [`v1=${'a'.repeat(64)}`, MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
    [`t=${t}`, MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
    [`t=soon,v1=${'a'.repeat(64)}`, MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
    [`t=${t},v1=abc`, MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
    [`t=${t},t=${t},v1=${'a'.repeat(64)}`, MalformedSignatureHeaderError, 'MALFORMED_HEADER'],
  ])('refuses header %j with a typed error', (header, type, code) => {
    const e = errorOf(() => verifySignature(secret, header, body, { now }));
    expect(e).toBeInstanceOf(type);
    expect(e).toBeInstanceOf(WebhookVerificationError);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(/service-signature-256/);
  });

  it('refuses an empty secret as a programming error, not a verification result', () => {
    expect(() => verifySignature('', `t=${t},v1=${hmac(secret, t, body)}`, body, { now })).toThrow(TypeError);
  });
});
