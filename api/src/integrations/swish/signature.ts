import { createHash, createSign, createVerify, type KeyLike } from 'node:crypto';

/**
 * The Swish Payouts API's signature (ADR 029): the payload's JSON, exactly as sent, is hashed with
 * SHA-512, and that hash is signed with the signing certificate's RSA key (RSASSA-PKCS1-v1_5 over
 * SHA-512, so the payload is in effect hashed twice), Base64-encoded. Swish verifies it with the
 * certificate whose serial number the payload names.
 */
export function signPayload(payloadJson: string, privateKey: KeyLike): string {
  const hash = createHash('sha512').update(payloadJson, 'utf8').digest();
  return createSign('sha512').update(hash).sign(privateKey, 'base64');
}

export function verifyPayloadSignature(payloadJson: string, signature: string, publicKey: KeyLike): boolean {
  const hash = createHash('sha512').update(payloadJson, 'utf8').digest();
  try {
    return createVerify('sha512').update(hash).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}
