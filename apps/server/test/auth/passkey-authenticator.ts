import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for the server tests (docs/decisions/0040-passkeys.md): a P-256 key, "none"
 * attestation, and assertions signed as a platform authenticator signs them (authenticator data ‖ SHA-256 of the
 * client data), with a counter the test may turn back to play a cloned key.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  counter = 0;
  /** the WebAuthn user handle the registration options named (base64url) */
  userHandle: string | undefined;

  constructor(
    private readonly rpId = 'localhost',
    private readonly origin = 'http://localhost:3999',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
    ]);
    this.cosePublicKey = isoCBOR.encode(coseKey);
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to `navigator.credentials.create()` for `options` (user present and verified). */
  register(options: { challenge: string; user?: { id: string } }, over: { origin?: string } = {}) {
    this.userHandle = options.user?.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cosePublicKey)]);
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, over.origin ?? this.origin).toString(
          'base64url',
        ),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to `navigator.credentials.get()`: the counter moves on by one first. */
  assert(options: { challenge: string }, over: { origin?: string; rpId?: string } = {}) {
    this.counter += 1;
    const authData = over.rpId
      ? Buffer.concat([createHash('sha256').update(over.rpId).digest(), this.authData(0x05).subarray(32)])
      : this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin ?? this.origin);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.privateKey).toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
