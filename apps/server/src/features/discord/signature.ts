import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** Discord signs each interaction; one older than this is refused, so a captured request cannot be sent again later. */
export const MAX_SIGNATURE_AGE_SECONDS = 300;

/** An Ed25519 public key as SPKI DER is this fixed prefix followed by the 32 raw key bytes (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKey(hex: string): KeyObject {
  const raw = Buffer.from(hex, 'hex');
  if (raw.length !== 32) throw new Error('An Ed25519 public key is 32 bytes (64 hex characters)');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Discord's request signature: Ed25519 over the timestamp header followed by the raw body, hex in
 * X-Signature-Ed25519. The timestamp must be within MAX_SIGNATURE_AGE_SECONDS of now, either way.
 */
export function checkSignature(input: {
  publicKey: KeyObject;
  signature: string | undefined;
  timestamp: string | undefined;
  body: Buffer;
  nowSeconds: number;
}): SignatureCheck {
  const { signature, timestamp } = input;
  if (!signature || !timestamp) return { ok: false, reason: 'The request is not signed' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: 'The request signature is not valid' };
  }
  const valid = verify(
    null,
    Buffer.concat([Buffer.from(timestamp, 'utf8'), input.body]),
    input.publicKey,
    Buffer.from(signature, 'hex'),
  );
  if (!valid) return { ok: false, reason: 'The request signature is not valid' };
  if (Math.abs(input.nowSeconds - Number(timestamp)) > MAX_SIGNATURE_AGE_SECONDS) {
    return { ok: false, reason: 'The request signature is too old' };
  }
  return { ok: true };
}

/**
 * Signatures seen within the age limit. A second request with one of them is a replay: the same bytes again,
 * which a valid signature alone would let through until the timestamp goes stale.
 */
export class SeenSignatures {
  private readonly seen = new Map<string, number>();

  /** True the first time `signature` is offered within its lifetime; false for a repeat. */
  firstTime(signature: string, nowSeconds: number): boolean {
    this.forgetOlderThan(nowSeconds - 2 * MAX_SIGNATURE_AGE_SECONDS);
    const key = signature.toLowerCase();
    if (this.seen.has(key)) return false;
    this.seen.set(key, nowSeconds);
    return true;
  }

  private forgetOlderThan(limit: number): void {
    // Insertion order is time order: stop at the first one still young.
    for (const [key, at] of this.seen) {
      if (at >= limit) break;
      this.seen.delete(key);
    }
  }
}
