import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../test/harness.ts';
import { rowsOf } from './database.ts';
import { withCompany } from './tenant.ts';

describe('tenant isolation', () => {
  let t: TestApp;
  let a: SignedIn;
  let b: SignedIn;
  let logoOfB: string;
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  beforeAll(async () => {
    t = await startTestApp();
    a = await signUp(t.app, 'Ana A');
    b = await signUp(t.app, 'Branko B');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: b.cookie },
      payload: { company_name: 'Tvrtka B', tax_number: '12345678903' },
    });
    const boundary = 'XBOUNDARY';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/tenants/me/logo',
      headers: { cookie: b.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);
    logoOfB = upload.json().company_logo;
  });
  afterAll(() => t.close());

  it('serves a file to its company and 404 to another company', async () => {
    expect(logoOfB).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const own = await t.app.inject({ url: logoOfB, headers: { cookie: b.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(png)).toBe(true);
    const foreign = await t.app.inject({ url: logoOfB, headers: { cookie: a.cookie } });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses to act in a company the user is not a member of', async () => {
    const asB = await t.app.inject({ url: logoOfB, headers: { cookie: a.cookie, 'x-company-id': b.id } });
    expect(asB.statusCode).toBe(403);
    expect(asB.json().error.code).toBe('FORBIDDEN');
    await expect(
      withCompany(t.deps.db, { userId: a.id, companyId: b.id }, async () => 'reached'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows each user only their own profile, and the other company sees none of its rows', async () => {
    const profileA = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: a.cookie } });
    expect(profileA.json().company_name).toBeNull();
    expect(profileA.body).not.toContain('Tvrtka B');
    const visible = await withCompany(t.deps.db, { userId: a.id, companyId: a.id }, async (tx) => ({
      tenants: rowsOf<{ id: string }>(await tx.execute(sql`select id from tenants`)).map((r) => r.id),
      memberships: rowsOf<{ company_id: string }>(
        await tx.execute(sql`select company_id from memberships`),
      ).map((r) => r.company_id),
      files: rowsOf<{ id: string }>(await tx.execute(sql`select id from files`)),
      audit: rowsOf<{ company_id: string }>(
        await tx.execute(sql`select distinct company_id from audit_log`),
      ).map((r) => r.company_id),
    }));
    expect(visible).toEqual({ tenants: [a.id], memberships: [a.id], files: [], audit: [a.id] });
  });

  it('lets the application role see nothing when no company is set', async () => {
    const counts = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local role erp_app`);
      const count = async (table: string) =>
        Number(rowsOf<{ n: string }>(await tx.execute(sql.raw(`select count(*) as n from ${table}`)))[0]?.n);
      return {
        tenants: await count('tenants'),
        memberships: await count('memberships'),
        files: await count('files'),
        audit_log: await count('audit_log'),
      };
    });
    expect(counts).toEqual({ tenants: 0, memberships: 0, files: 0, audit_log: 0 });
    // ...while the owner connection does see both companies, so the zeros above are RLS at work.
    const owner = await t.deps.database.session((q) => q('select count(*)::int as n from tenants'));
    expect(owner[0]?.n).toBe(2);
  });

  it('denies the application role the platform tables and the audit head', async () => {
    for (const table of ['users', 'sessions', 'accounts', 'audit_heads']) {
      await expect(
        t.deps.db.transaction(async (tx) => {
          await tx.execute(sql`set local role erp_app`);
          await tx.execute(sql.raw(`select count(*) from ${table}`));
        }),
      ).rejects.toThrow();
    }
  });

  it('keeps the application role weak: no superuser, no BYPASSRLS, owns no table', async () => {
    const [role] = await t.deps.database.session((q) =>
      q(`select rolsuper, rolbypassrls, rolcanlogin, rolcreaterole from pg_roles where rolname = 'erp_app'`),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false, rolcreaterole: false });
    const owned = await t.deps.database.session((q) =>
      q(`select count(*)::int as n from pg_tables where tableowner = 'erp_app'`),
    );
    expect(owned[0]?.n).toBe(0);
    const unforced = await t.deps.database.session((q) =>
      q(
        `select relname from pg_class where relname in ('tenants', 'memberships', 'files') and not (relrowsecurity and relforcerowsecurity)`,
      ),
    );
    expect(unforced).toEqual([]);
  });

  it('does not let a user change their own account status', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: a.cookie },
      payload: { account_status: 'active' },
    });
    expect(response.statusCode).toBe(400);
    await expect(
      withCompany(t.deps.db, { userId: a.id, companyId: a.id }, (tx) =>
        tx.execute(sql`update tenants set account_status = 'blocked' where id = ${a.id}`),
      ),
    ).rejects.toThrow();
  });
});
