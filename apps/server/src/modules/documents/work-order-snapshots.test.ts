import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from './test-helpers.ts';

// Work orders keep their printed versions (issue 18, deliverable 2): releasing an order stores its
// sheet as version 1, downloads serve the stored bytes until the user issues a new version after a
// change of what the sheet prints; every version stays downloadable as stored and its hash is in
// the audit trail.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;
const hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const asOwner = <T>(sqlText: string, params: unknown[]) =>
  t.deps.database.session((q) => q(sqlText, params)) as Promise<T[]>;

async function bytes(url: string, as = api): Promise<Buffer> {
  const r = await as.call('GET', url);
  expect(r.status).toBe(200);
  expect(r.raw.headers['content-type']).toBe('application/pdf');
  return Buffer.from(r.raw.rawPayload);
}

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/** What is stored for a document: its files by version and its version rows. */
async function storedOf(id: string) {
  const files = await asOwner<{ version: number; sha256: string }>(
    `select version, sha256 from document_files where document_id = $1 and format = 'pdf' order by version`,
    [id],
  );
  const versions = await asOwner<{ version: number; pdf_sha256: string }>(
    'select version, pdf_sha256 from work_order_versions where document_id = $1 order by version',
    [id],
  );
  return { files, versions };
}

async function newOrder(): Promise<Json> {
  const wo = await api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    note: 'Montaža na gradilištu',
    lines: [{ item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' }],
  });
  return wo.document;
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '20', unit_cost: '20', lot_number: 'L-100' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('work order sheet versions', () => {
  const state: { wo?: Json; v1?: Buffer; v2?: Buffer } = {};

  it('a draft prints live, marked as a draft, and cannot get a version', async () => {
    const wo = await newOrder();
    state.wo = wo;
    expect(await textOf(await bytes(`/api/documents/${wo.id}/pdf`))).toContain('Verzija nacrt, nije izdan');
    expect(await api.ok('GET', `/api/documents/work-orders/${wo.id}/versions`)).toEqual({
      state: 'draft',
      versions: [],
    });
    const r = await api.call('POST', `/api/documents/work-orders/${wo.id}/versions`);
    expect(r.status).toBe(409);
    expect(r.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.workOrderNotReleased' }),
    ]);
    expect(await storedOf(wo.id)).toEqual({ files: [], versions: [] });
  });

  it('release stores the sheet as version 1; the download serves those bytes, hashed into the audit trail', async () => {
    const id = state.wo?.id as string;
    await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
    const listed = await api.ok('GET', `/api/documents/work-orders/${id}/versions`);
    expect(listed.state).toBe('current');
    expect(listed.versions.map((v: Json) => [v.version, v.created_by])).toEqual([[1, user.id]]);
    const v1 = await bytes(`/api/documents/${id}/pdf`);
    expect(await bytes(`/api/documents/work-orders/${id}/versions/1/pdf`)).toEqual(v1);
    expect(listed.versions[0].pdf_sha256).toBe(hex(v1));
    const doc = await api.ok('GET', `/api/documents/${id}`);
    expect(doc.document.number).toMatch(/^RN-/);
    const [row] = await asOwner<{ pdf_sha256: string }>('select pdf_sha256 from documents where id = $1', [
      id,
    ]);
    expect(row?.pdf_sha256).toBe(hex(v1));
    const text = await textOf(v1);
    expect(text).toContain('Verzija 1');
    expect(text).toContain('Verzija izdana');
    expect(text).not.toContain('Zamjenjuje');
    expect(text).toContain('Montaža na gradilištu');
    state.v1 = v1;
  });

  it('refuses a new version while nothing printed has changed, and stores nothing', async () => {
    const id = state.wo?.id as string;
    const before = await storedOf(id);
    const r = await api.call('POST', `/api/documents/work-orders/${id}/versions`);
    expect(r.status).toBe(409);
    expect(r.body.error.details).toEqual([
      expect.objectContaining({ key: 'validation.workOrderVersionCurrent', params: { version: 1 } }),
    ]);
    expect(await storedOf(id)).toEqual(before);
  });

  it('after a change of what it prints the sheet is out of date, and the download stays byte-identical', async () => {
    const id = state.wo?.id as string;
    const wo = await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    // Starting changes no printed value.
    expect((await api.ok('GET', `/api/documents/work-orders/${id}/versions`)).state).toBe('current');
    const [cut] = wo.operations as Json[];
    await api.ok('POST', `/api/documents/work-orders/${id}/operations/${cut?.id}/start`);
    await api.ok('POST', `/api/documents/work-orders/${id}/operations/${cut?.id}/time`, { minutes: '37' });
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Staklo Novak d.d.' });
    expect((await api.ok('GET', `/api/documents/work-orders/${id}/versions`)).state).toBe('out_of_date');
    expect(await bytes(`/api/documents/${id}/pdf`)).toEqual(state.v1);
    expect(await bytes(`/api/documents/work-orders/${id}/versions/1/pdf`)).toEqual(state.v1);
    // The live rendering (several documents in one PDF) does show the change.
    const live = await textOf(await bytes(`/api/documents/pdf?ids=${id}`));
    expect(live).toContain('Staklo Novak d.d.');
    expect(await textOf(state.v1 as Buffer)).not.toContain('Staklo Novak d.d.');
  });

  it('"Izdaj novu verziju" stores version 2 replacing 1; both stay downloadable as stored', async () => {
    const id = state.wo?.id as string;
    const r = await api.call('POST', `/api/documents/work-orders/${id}/versions`, undefined, {
      'idempotency-key': 'wo-version-2',
    });
    expect(r.status).toBe(201);
    expect(r.body.state).toBe('current');
    expect(r.body.versions.map((v: Json) => v.version)).toEqual([2, 1]);
    const v2 = await bytes(`/api/documents/${id}/pdf`);
    expect(v2.equals(state.v1 as Buffer)).toBe(false);
    expect(await bytes(`/api/documents/work-orders/${id}/versions/2/pdf`)).toEqual(v2);
    expect(await bytes(`/api/documents/work-orders/${id}/versions/1/pdf`)).toEqual(state.v1);
    expect(r.body.versions[0].pdf_sha256).toBe(hex(v2));
    const text = await textOf(v2);
    expect(text).toContain('Verzija 2');
    expect(text).toContain('Zamjenjuje verziju 1');
    expect(text).toContain('Staklo Novak d.d.');
    expect(text).toMatch(/REZ Rezanje .*37/);
    // A replay of the same request answers the first response and stores nothing more.
    const again = await api.call('POST', `/api/documents/work-orders/${id}/versions`, undefined, {
      'idempotency-key': 'wo-version-2',
    });
    expect(again.body).toEqual(r.body);
    const stored = await storedOf(id);
    expect(stored.files).toEqual([
      { version: 1, sha256: hex(state.v1 as Buffer) },
      { version: 2, sha256: hex(v2) },
    ]);
    // The document row keeps version 1's hash (set once).
    const [row] = await asOwner<{ pdf_sha256: string }>('select pdf_sha256 from documents where id = $1', [
      id,
    ]);
    expect(row?.pdf_sha256).toBe(hex(state.v1 as Buffer));
    state.v2 = v2;
  });

  it('the audit trail names both versions with their hashes', async () => {
    const id = state.wo?.id as string;
    const audited = await asOwner<{ version: string; hash: string }>(
      `select changes -> 'version' ->> 'new' as version, changes -> 'pdf_sha256' ->> 'new' as hash
       from audit_log where table_name = 'work_order_versions' and changes -> 'document_id' ->> 'new' = $1
       order by id`,
      [id],
    );
    expect(audited).toEqual([
      { version: '1', hash: hex(state.v1 as Buffer) },
      { version: '2', hash: hex(state.v2 as Buffer) },
    ]);
    const history = await api.ok('GET', `/api/documents/${id}/history`);
    const hashes = history
      .filter((h: Json) => h.table_name === 'work_order_versions')
      .map((h: Json) => h.changes.pdf_sha256?.new);
    expect(hashes).toEqual([hex(state.v1 as Buffer), hex(state.v2 as Buffer)]);
  });

  it('stored versions never change', async () => {
    const id = state.wo?.id as string;
    await expect(
      asOwner('update work_order_versions set pdf_sha256 = $2 where document_id = $1', [id, 'f'.repeat(64)]),
    ).rejects.toThrow(/never changed/);
    await expect(
      asOwner(`update document_files set version = 9 where document_id = $1 and version = 2`, [id]),
    ).rejects.toThrow(/never changed/);
  });

  it('another company sees nothing and can do nothing', async () => {
    const id = state.wo?.id as string;
    const other = documentsClient(t.app, await signUp(t.app, 'Druga Firma'));
    const before = await storedOf(id);
    expect((await other.call('GET', `/api/documents/work-orders/${id}/versions`)).status).toBe(404);
    expect((await other.call('GET', `/api/documents/work-orders/${id}/versions/1/pdf`)).status).toBe(404);
    expect((await other.call('POST', `/api/documents/work-orders/${id}/versions`)).status).toBe(404);
    expect((await other.call('GET', `/api/documents/${id}/pdf`)).status).toBe(404);
    expect(await storedOf(id)).toEqual(before);
  });

  it('a version that does not exist is 404; a cancelled order gets no new version', async () => {
    const id = state.wo?.id as string;
    expect((await api.call('GET', `/api/documents/work-orders/${id}/versions/3/pdf`)).status).toBe(404);
    const wo = await newOrder();
    await api.ok('POST', `/api/documents/work-orders/${wo.id}/plan`);
    await api.ok('POST', `/api/documents/work-orders/${wo.id}/cancel`);
    await api.ok('PATCH', '/api/tenants/me', { company_name: 'Staklo Kovač d.o.o.' });
    const before = await storedOf(wo.id);
    expect(before.versions.map((v) => v.version)).toEqual([1]);
    const r = await api.call('POST', `/api/documents/work-orders/${wo.id}/versions`);
    expect(r.status).toBe(409);
    expect(r.body.error.details).toEqual([expect.objectContaining({ key: 'validation.workOrderCancelled' })]);
    expect(await storedOf(wo.id)).toEqual(before);
  });
});
