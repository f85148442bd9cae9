import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blindIndex,
  DecryptError,
  decryptField,
  encryptField,
  isEncrypted,
  keyIdOf,
} from './field-crypto.ts';
import {
  KeyConfigError,
  keyringFromEnv,
  keyringFromFile,
  loadKeyring,
  memoryKeyring,
  newKeyFile,
} from './keyring.ts';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const INDEX = Buffer.alloc(32, 3).toString('base64');

describe('field encryption', () => {
  const keyring = keyringFromFile({ active: 'a', keys: { a: KEY_A }, index: INDEX }, { kind: 'memory' });

  it('stores kid, IV and ciphertext, and is plain AES-256-GCM with the context as AAD', () => {
    const stored = encryptField('12345678903', 'tenants.tax_number', keyring);
    expect(stored).toMatch(/^enc:v1:a:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('12345678903');
    // Decrypted here with node:crypto directly, independent of decryptField.
    const [, , , iv, body] = stored.split(':');
    const raw = Buffer.from(body ?? '', 'base64url');
    const d = createDecipheriv('aes-256-gcm', Buffer.alloc(32, 1), Buffer.from(iv ?? '', 'base64url'));
    d.setAAD(Buffer.from('tenants.tax_number'));
    d.setAuthTag(raw.subarray(raw.length - 16));
    expect(Buffer.concat([d.update(raw.subarray(0, raw.length - 16)), d.final()]).toString()).toBe(
      '12345678903',
    );
  });

  it('round-trips, uses a fresh IV each time, and keeps null as null', () => {
    const one = encryptField('Čćžšđ 01/234-567', 'tenants.phone', keyring);
    const two = encryptField('Čćžšđ 01/234-567', 'tenants.phone', keyring);
    expect(one).not.toBe(two);
    expect(decryptField(one, 'tenants.phone', keyring)).toBe('Čćžšđ 01/234-567');
    expect(encryptField(null, 'tenants.phone', keyring)).toBeNull();
    expect(decryptField(null, 'tenants.phone', keyring)).toBeNull();
  });

  it('refuses a value moved to another column, a tampered value and an unknown key', () => {
    const stored = encryptField('12345678903', 'tenants.tax_number', keyring);
    expect(() => decryptField(stored, 'partners.oib', keyring)).toThrow(DecryptError);
    const last = stored.at(-2) === 'A' ? 'B' : 'A';
    expect(() =>
      decryptField(`${stored.slice(0, -2)}${last}${stored.at(-1)}`, 'tenants.tax_number', keyring),
    ).toThrow(DecryptError);
    const other = keyringFromFile({ active: 'b', keys: { b: KEY_B }, index: INDEX }, { kind: 'memory' });
    expect(() => decryptField(stored, 'tenants.tax_number', other)).toThrow(/No key "a"/);
  });

  it('reads old keys after rotation and writes with the active one', () => {
    const rotated = keyringFromFile(
      { active: 'b', keys: { a: KEY_A, b: KEY_B }, index: INDEX },
      { kind: 'memory' },
    );
    const old = encryptField('HR1210010051863000160', 'tenants.bank_accounts', keyring);
    expect(decryptField(old, 'tenants.bank_accounts', rotated)).toBe('HR1210010051863000160');
    expect(keyIdOf(encryptField('x', 'c', rotated))).toBe('b');
    expect(keyIdOf(old)).toBe('a');
  });

  it('passes plain legacy values through unchanged', () => {
    expect(isEncrypted('12345678903')).toBe(false);
    expect(decryptField('12345678903', 'tenants.tax_number', keyring)).toBe('12345678903');
  });

  it('gives a stable blind index per purpose that does not depend on the encryption key', () => {
    const rotated = keyringFromFile(
      { active: 'b', keys: { a: KEY_A, b: KEY_B }, index: INDEX },
      { kind: 'memory' },
    );
    const i1 = blindIndex('oib', '12345678903', keyring);
    expect(i1).toMatch(/^[0-9a-f]{64}$/);
    expect(blindIndex('oib', '12345678903', rotated)).toBe(i1);
    expect(blindIndex('oib', '12345678904', keyring)).not.toBe(i1);
    expect(blindIndex('phone', '12345678903', keyring)).not.toBe(i1);
  });
});

describe('key configuration', () => {
  it('reads ENCRYPTION_KEYS with the last key active unless ENCRYPTION_ACTIVE_KEY says otherwise', () => {
    const env = { ENCRYPTION_KEYS: `old:${KEY_A}, new:${KEY_B}`, ENCRYPTION_INDEX_KEY: INDEX };
    expect(keyringFromEnv(env).activeKid).toBe('new');
    expect(keyringFromEnv({ ...env, ENCRYPTION_ACTIVE_KEY: 'old' }).activeKid).toBe('old');
    expect(() => keyringFromEnv({ ENCRYPTION_KEYS: `a:${KEY_A}` })).toThrow(/ENCRYPTION_INDEX_KEY/);
    expect(() => keyringFromEnv({ ENCRYPTION_KEYS: 'a:c2hvcnQ=', ENCRYPTION_INDEX_KEY: INDEX })).toThrow(
      /32 bytes/,
    );
  });

  it('refuses to start in production without keys, with a message naming what to set', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erp-keys-'));
    expect(() => loadKeyring({ env: {}, dataDir, production: true })).toThrow(KeyConfigError);
    expect(() => loadKeyring({ env: {}, dataDir, production: true })).toThrow(
      /ENCRYPTION_KEYS.*ENCRYPTION_KEY_FILE/,
    );
  });

  it('generates a private key file in DATA_DIR once for the embedded default and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erp-keys-'));
    const first = loadKeyring({ env: {}, dataDir, production: false });
    const file = join(dataDir, 'encryption-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadKeyring({ env: {}, dataDir, production: false });
    expect(second.activeKid).toBe(first.activeKid);
    expect(second.keys.get(first.activeKid)?.equals(first.keys.get(first.activeKid) as Buffer)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).active).toBe(first.activeKid);
    const viaEnv = loadKeyring({
      env: { ENCRYPTION_KEY_FILE: file },
      dataDir: '/nonexistent',
      production: true,
    });
    expect(viaEnv.activeKid).toBe(first.activeKid);
  });

  it('rejects a key file whose active key is missing', () => {
    const file = newKeyFile();
    expect(() => keyringFromFile({ ...file, active: 'nope' }, { kind: 'memory' })).toThrow(/active key/);
    expect(memoryKeyring().keys.size).toBe(1);
  });
});
