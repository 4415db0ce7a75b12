import { createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';

/** RESULT_SIGNING_KEY or the generated key file is not an Ed25519 private key. */
export class ResultKeyError extends Error {}

/** An Ed25519 private key from PKCS#8 PEM or a private JWK; ResultKeyError saying what is wrong. */
export function parsePrivateKey(text: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    const trimmed = text.trim();
    key = trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' })
      : createPrivateKey(trimmed);
  } catch {
    throw new ResultKeyError(
      `${where} is not a private key: give an Ed25519 key as PKCS#8 PEM («-----BEGIN PRIVATE KEY-----») or as a private JWK.`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ResultKeyError(`${where} is a ${key.asymmetricKeyType} key; results are signed with Ed25519.`);
  }
  return key;
}

export function isEd25519PrivateKey(text: string): boolean {
  try {
    parsePrivateKey(text, 'the key');
    return true;
  } catch {
    return false;
  }
}
