import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { currentKeyring, type Keyring } from './keyring.ts';

/**
 * Application-level encryption of sensitive fields: AES-256-GCM, a fresh 96-bit IV per value, the
 * field's context ("<table>.<column>") as additional authenticated data so a ciphertext copied
 * into another column or table does not decrypt. Stored as text:
 *
 *   enc:v1:<kid>:<iv base64url>:<ciphertext+tag base64url>
 */
export const ENC_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isEncrypted(stored: string | null | undefined): boolean {
  return typeof stored === 'string' && stored.startsWith(ENC_PREFIX);
}

/** The id of the key a stored value was encrypted with (null for plain legacy values). */
export function keyIdOf(stored: string): string | null {
  if (!isEncrypted(stored)) return null;
  return stored.slice(ENC_PREFIX.length).split(':')[0] ?? null;
}

export function encryptField(plain: string, context: string, keyring?: Keyring): string;
export function encryptField(plain: string | null, context: string, keyring?: Keyring): string | null;
export function encryptField(
  plain: string | null,
  context: string,
  keyring = currentKeyring(),
): string | null {
  if (plain === null) return null;
  const key = keyring.keys.get(keyring.activeKid);
  if (!key) throw new Error(`Active key ${keyring.activeKid} missing`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${ENC_PREFIX}${keyring.activeKid}:${iv.toString('base64url')}:${body.toString('base64url')}`;
}

export class DecryptError extends Error {
  override name = 'DecryptError';
}

/**
 * The plain value. A value without the prefix is returned as it is: rows written before
 * encryption was switched on stay readable until the background pass (or `keys rotate`)
 * encrypts them.
 */
export function decryptField(stored: string, context: string, keyring?: Keyring): string;
export function decryptField(stored: string | null, context: string, keyring?: Keyring): string | null;
export function decryptField(
  stored: string | null,
  context: string,
  keyring = currentKeyring(),
): string | null {
  if (stored === null || !isEncrypted(stored)) return stored;
  const [kid, ivText, bodyText] = stored.slice(ENC_PREFIX.length).split(':');
  const key = kid ? keyring.keys.get(kid) : undefined;
  // The message names the key id only: never the value or the key.
  if (!key) throw new DecryptError(`No key "${kid}" to decrypt ${context}`);
  const iv = Buffer.from(ivText ?? '', 'base64url');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
    throw new DecryptError(`Malformed value in ${context}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new DecryptError(`Value in ${context} failed authentication`);
  }
}

/** JSON values (arrays, objects) go through the same envelope. */
export function encryptJson(value: unknown, context: string, keyring?: Keyring): string {
  return encryptField(JSON.stringify(value), context, keyring);
}

export function decryptJson<T>(stored: string | null, context: string, fallback: T, keyring?: Keyring): T {
  const plain = decryptField(stored, context, keyring);
  return plain === null ? fallback : (JSON.parse(plain) as T);
}

/**
 * A keyed hash for exact search and uniqueness on an encrypted column: equal inputs give equal
 * indexes, and without the index key nothing can be learned from it. `purpose` separates uses
 * ("oib" for every OIB column, so an OIB can be looked up across tables); normalise the value
 * before hashing (e.g. trim, upper-case an IBAN). Returns 64 hex digits.
 */
export function blindIndex(purpose: string, value: string, keyring = currentKeyring()): string {
  return createHmac('sha256', keyring.indexKey)
    .update(purpose, 'utf8')
    .update('\0')
    .update(value, 'utf8')
    .digest('hex');
}

export function blindIndexOrNull(purpose: string, value: string | null, keyring?: Keyring): string | null {
  return value === null ? null : blindIndex(purpose, value, keyring);
}
