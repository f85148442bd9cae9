import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

function multipart(filename: string, type: string, data: Buffer) {
  const boundary = 'ERPBOUNDARY';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('tenant profile', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Profil Test');
  });
  afterAll(() => t.close());

  const patch = (payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: payload as object,
    });

  it('saves only the fields sent, normalising IBANs and empty strings', async () => {
    const response = await patch({
      company_name: 'Staklo Horvat d.o.o.',
      tax_number: '12345678903',
      bank_accounts: [{ iban: 'hr12 1001 0051 8630 0016 0', bank_name: 'Banka' }],
      phone: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Staklo Horvat d.o.o.',
      tax_number: '12345678903',
      bank_accounts: [{ iban: 'HR1210010051863000160', bank_name: 'Banka' }],
      phone: null,
      full_name: 'Profil Test',
    });
    const second = await patch({ position: 'Direktor' });
    expect(second.json()).toMatchObject({ position: 'Direktor', company_name: 'Staklo Horvat d.o.o.' });
  });

  it('rejects an invalid OIB, IBAN, email, website and date, naming each field, and changes nothing', async () => {
    const response = await patch({
      tax_number: '12345678904',
      bank_accounts: [{ iban: 'HR1210010051863000161' }],
      company_email: 'x@y',
      company_website: 'nije adresa',
      date_of_birth: '2025-02-30',
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().error.details;
    expect(details).toHaveLength(5);
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'company_email', key: 'validation.emailInvalid' },
        { field: 'company_website', key: 'validation.urlInvalid' },
        { field: 'tax_number', key: 'validation.oibInvalid' },
        { field: 'bank_accounts.0.iban', key: 'validation.ibanInvalid' },
        { field: 'date_of_birth', key: 'validation.dateInvalid' },
      ]),
    );
    const profile = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(profile.json().tax_number).toBe('12345678903');
  });

  it('accepts a PNG logo and refuses a file whose bytes are not an image, or a too large one', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/tenants/me/logo',
      ...merge(user.cookie, multipart('logo.png', 'image/png', png)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().company_logo).toMatch(/^\/api\/files\//);

    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/tenants/me/logo',
      ...merge(user.cookie, multipart('logo.png', 'image/png', Buffer.from('<script>alert(1)</script>'))),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/tenants/me/logo',
      ...merge(user.cookie, multipart('logo.png', 'image/png', big)),
    });
    expect(tooBig.statusCode).toBe(413);
    const profile = await t.app.inject({ url: '/api/tenants/me', headers: { cookie: user.cookie } });
    expect(profile.json().company_logo).toBe(ok.json().company_logo);
  });

  it('creates a profile through POST only when none exists', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: user.cookie },
      payload: { company_name: 'Druga' },
    });
    expect(response.statusCode).toBe(409);
  });
});

function merge(cookie: string, body: { headers: Record<string, string>; payload: Buffer }) {
  return { headers: { ...body.headers, cookie }, payload: body.payload };
}
