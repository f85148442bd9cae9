import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDatabaseUrl, refreshCompanyRoutes } from '../db/company-router.ts';
import { installKeyring, keyringFromFile } from '../security/keyring.ts';
import { keyStatus, rotateAll, rotateIfNeeded } from '../security/rotation.ts';
import {
  createTestDatabase,
  onPostgres,
  type SignedIn,
  signUp,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../test/harness.ts';
import { registeredUrl, setRegistry } from './move.ts';

const INDEX = Buffer.alloc(32, 3).toString('base64');
const ringA = keyringFromFile(
  { active: 'ra', keys: { ra: Buffer.alloc(32, 1).toString('base64') }, index: INDEX },
  { kind: 'memory' },
);
const ringAB = keyringFromFile(
  {
    active: 'rb',
    keys: { ra: Buffer.alloc(32, 1).toString('base64'), rb: Buffer.alloc(32, 2).toString('base64') },
    index: INDEX,
  },
  { kind: 'memory' },
);
const PASSWORD = 'S3cret-Registry-Pw';

/** The company registry's database URLs are stored encrypted (issue 10). Dedicated databases need PostgreSQL. */
describe.runIf(onPostgres)('database URLs in the company registry', () => {
  let t: TestApp;
  let owner: SignedIn;
  let dedicated: TestDatabase;
  let URL_WITH_PASSWORD: string;
  const stored = async () =>
    String(
      (
        await t.deps.database.session((q) =>
          q('select database_url from company_registry where company_id = $1', [owner.id]),
        )
      )[0]?.database_url,
    );

  beforeAll(async () => {
    installKeyring(ringA);
    t = await startTestApp();
    owner = await signUp(t.app, 'Registar Vlasnik');
    dedicated = await createTestDatabase();
    // The test server trusts local connections: the password only has to be stored, not checked.
    const url = new URL(dedicated.url as string);
    url.password = PASSWORD;
    URL_WITH_PASSWORD = url.toString();
  });
  afterAll(async () => {
    await t.deps.database.session((q) => q('delete from company_registry where company_id = $1', [owner.id]));
    await t.close();
    await dedicated.drop();
  });

  it('stores the URL encrypted under the active key, reads it back, and re-encrypts it on rotation', async () => {
    await setRegistry(t.deps.database, owner.id, { url: URL_WITH_PASSWORD, state: 'normal' });
    const sealed = await stored();
    expect(sealed).toMatch(/^enc:v1:ra:/);
    expect(URL_WITH_PASSWORD).toContain(PASSWORD);
    expect(sealed).not.toContain(PASSWORD);
    expect(sealed).not.toContain('127.0.0.1');
    expect(await registeredUrl(t.deps.database, owner.id)).toBe(URL_WITH_PASSWORD);
    expect(await companyDatabaseUrl(t.deps.db, owner.id)).toBe(URL_WITH_PASSWORD);

    installKeyring(ringAB);
    const result = await rotateAll(t.deps.db, { keyring: ringAB });
    expect(result.values).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatch(/^enc:v1:rb:/);
    expect((await keyStatus(t.deps.db, ringAB)).byKid.ra ?? 0).toBe(0);
    await refreshCompanyRoutes(t.deps.db);
    expect(await companyDatabaseUrl(t.deps.db, owner.id)).toBe(URL_WITH_PASSWORD);
  });

  it('reads a plain URL written by an older version and seals it at start-up', async () => {
    await t.deps.database.session((q) =>
      q('update company_registry set database_url = $2 where company_id = $1', [owner.id, URL_WITH_PASSWORD]),
    );
    expect(await registeredUrl(t.deps.database, owner.id)).toBe(URL_WITH_PASSWORD);
    // The key did not change since the last completed pass: only the registry is sealed.
    expect(await rotateIfNeeded(t.deps.db, ringAB)).toBeNull();
    expect(await stored()).toMatch(/^enc:v1:rb:/);
    expect(await registeredUrl(t.deps.database, owner.id)).toBe(URL_WITH_PASSWORD);
  });
});
