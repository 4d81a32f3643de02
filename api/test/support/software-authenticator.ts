import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const b64url = (bytes: Uint8Array | string) =>
  encodeBase64urlNoPadding(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/**
 * A passkey authenticator in software, as WebAuthn (Level 2) describes one: an ES256 key pair, "none"
 * attestation, and assertions signed over authenticator data and the client data's hash, the way a
 * browser hands them to a relying party. Tests use it to drive the server's real verification
 * (@simplewebauthn/server) without a browser.
 */
export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private signCount = 0;

  private readonly origin: string;
  private readonly rpId: string;

  constructor(origin: string, rpId = new URL(origin).hostname) {
    this.origin = origin;
    this.rpId = rpId;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The same private key with the counter set back: what a cloned authenticator would show. */
  setCounter(value: number): void {
    this.signCount = value;
  }

  private authenticatorData(flags: number, attested?: Uint8Array): Uint8Array {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    return new Uint8Array(
      Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]),
    );
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const key = new Map<number, CBORType>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    return encodeCBOR(key);
  }

  /** Answers `navigator.credentials.create()` for `options` (from the server), as `startRegistration()` does. */
  register(options: { challenge: string }, origin = this.origin): RegistrationResponseJSON {
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL, attested);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get()`, as `startAuthentication()` does; the counter goes up by one. */
  authenticate(options: { challenge: string }): AuthenticationResponseJSON {
    this.signCount += 1;
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin });
    const authData = this.authenticatorData(USER_PRESENT | USER_VERIFIED);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
    };
  }
}
