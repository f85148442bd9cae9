import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readOrCreateFile } from './create-file-once.ts';

/**
 * Encryption keys for sensitive fields. Every key has an id (stored with each value) so several
 * keys can be readable while only the active one encrypts: that is what makes rotation possible
 * without downtime. The blind-index key is separate and never rotates (HMACs must stay
 * comparable).
 */
export type Keyring = {
  activeKid: string;
  keys: ReadonlyMap<string, Buffer>;
  indexKey: Buffer;
  /** Where the keys came from, for messages and for `keys rotate` (only a file can be extended). */
  source: { kind: 'env' } | { kind: 'file'; path: string } | { kind: 'memory' };
};

/** The JSON layout of a key file (ENCRYPTION_KEY_FILE or DATA_DIR/encryption-keys.json). */
export type KeyFile = { active: string; keys: Record<string, string>; index: string };

export const KEY_FILE_NAME = 'encryption-keys.json';
const KID = /^[A-Za-z0-9_-]{1,32}$/;

export class KeyConfigError extends Error {
  override name = 'KeyConfigError';
}

function decodeKey(text: string, what: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new KeyConfigError(`${what} must be 32 bytes (base64 or 64 hex digits)`);
  return key;
}

function checkKid(kid: string): string {
  if (!KID.test(kid)) throw new KeyConfigError(`Key id "${kid}" must be 1-32 of A-Z a-z 0-9 _ -`);
  return kid;
}

export function newKeyId(now = new Date()): string {
  return `k${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(3).toString('hex')}`;
}

export function newKeyFile(): KeyFile {
  const kid = newKeyId();
  return {
    active: kid,
    keys: { [kid]: randomBytes(32).toString('base64') },
    index: randomBytes(32).toString('base64'),
  };
}

export function keyringFromFile(file: KeyFile, source: Keyring['source']): Keyring {
  if (!file || typeof file !== 'object' || typeof file.keys !== 'object')
    throw new KeyConfigError(
      'Key file must be JSON: { "active": kid, "keys": { kid: base64 }, "index": base64 }',
    );
  const keys = new Map<string, Buffer>();
  for (const [kid, value] of Object.entries(file.keys))
    keys.set(checkKid(kid), decodeKey(value, `Key ${kid}`));
  if (!keys.has(file.active))
    throw new KeyConfigError(`The active key "${file.active}" is not among the keys`);
  if (typeof file.index !== 'string') throw new KeyConfigError('The key file has no "index" key');
  return { activeKid: file.active, keys, indexKey: decodeKey(file.index, 'The index key'), source };
}

/**
 * ENCRYPTION_KEYS="kid1:base64,kid2:base64" (the active key is ENCRYPTION_ACTIVE_KEY, else the
 * last listed) with ENCRYPTION_INDEX_KEY for the blind indexes.
 */
export function keyringFromEnv(env: NodeJS.ProcessEnv): Keyring {
  const keys: Record<string, string> = {};
  let last = '';
  for (const entry of (env.ENCRYPTION_KEYS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':');
    if (at <= 0)
      throw new KeyConfigError('ENCRYPTION_KEYS entries look like kid:base64key, separated by commas');
    last = entry.slice(0, at);
    keys[last] = entry.slice(at + 1);
  }
  if (!env.ENCRYPTION_INDEX_KEY)
    throw new KeyConfigError('ENCRYPTION_INDEX_KEY (32 bytes, base64) is required with ENCRYPTION_KEYS');
  return keyringFromFile(
    { active: env.ENCRYPTION_ACTIVE_KEY || last, keys, index: env.ENCRYPTION_INDEX_KEY },
    { kind: 'env' },
  );
}

export function readKeyFile(path: string): KeyFile {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as KeyFile;
  } catch (error) {
    throw new KeyConfigError(`Cannot read the key file ${path}: ${(error as Error).message}`);
  }
}

/** A key file's text as it is stored. */
const keyFileText = (file: KeyFile): string => `${JSON.stringify(file, null, 2)}\n`;

/** Written to a temporary file and renamed, so a crash never leaves half a key file. */
export function writeKeyFile(path: string, file: KeyFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, keyFileText(file), { mode: 0o600 });
  renameSync(tmp, path);
}

export type KeySettings = { env: NodeJS.ProcessEnv; dataDir: string; production: boolean };

/**
 * Where the keys come from: ENCRYPTION_KEYS, else ENCRYPTION_KEY_FILE, else (not in production) a
 * key file generated once in DATA_DIR. Production without configured keys is a start-up error:
 * silently generating a key there would make the data unreadable on the next machine.
 */
export function loadKeyring({ env, dataDir, production }: KeySettings): Keyring {
  if (env.ENCRYPTION_KEYS) return keyringFromEnv(env);
  if (env.ENCRYPTION_KEY_FILE) {
    const path = resolve(env.ENCRYPTION_KEY_FILE);
    return keyringFromFile(readKeyFile(path), { kind: 'file', path });
  }
  if (production)
    throw new KeyConfigError(
      'No encryption keys configured. Set ENCRYPTION_KEYS and ENCRYPTION_INDEX_KEY, or ENCRYPTION_KEY_FILE ' +
        '(see SECURITY.md, "Keys"). Generate one with: npm run admin -- keys generate',
    );
  const path = join(dataDir, KEY_FILE_NAME);
  // Created once: instances starting at once on a fresh DATA_DIR all use the same keys.
  readOrCreateFile(path, () => keyFileText(newKeyFile()));
  return keyringFromFile(readKeyFile(path), { kind: 'file', path });
}

/** A throw-away keyring (tests). */
export function memoryKeyring(): Keyring {
  return keyringFromFile(newKeyFile(), { kind: 'memory' });
}

let installed: Keyring | null = null;
let settings: KeySettings | null = null;

/** Loads the keys at start-up (main.ts, admin CLI) and makes them the process's keyring. */
export function initKeyring(s: KeySettings): Keyring {
  settings = s;
  installed = loadKeyring(s);
  return installed;
}

/** Re-reads the configured source (after `keys rotate` added a key to the file). */
export function reloadKeyring(): Keyring {
  if (!settings) return currentKeyring();
  installed = loadKeyring(settings);
  return installed;
}

export function installKeyring(keyring: Keyring): void {
  installed = keyring;
}

export function currentKeyring(): Keyring {
  if (installed) return installed;
  // Tests build apps without main.ts: each test process gets its own throw-away keys.
  if (process.env.VITEST) {
    installed = memoryKeyring();
    return installed;
  }
  throw new Error('Encryption keys are not loaded (initKeyring was not called)');
}
