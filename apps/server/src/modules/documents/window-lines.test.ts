import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from './test-helpers.ts';

// Window lines (PRODUCT.md "PVC/ALU windows and doors"): a quote line names the profile system,
// glass make-up, colour and hardware set next to its W × H; they travel to the work order, the
// PDFs and the audit trail, and a bad glass make-up is refused naming its token.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let window: Json;
let client: Json;

const spec = {
  profile_system: 'Aluplast Ideal 4000',
  glass_makeup: '4e-16ar-4',
  colour: 'bijela RAL 9016',
  hardware_set: 'Roto NT',
};

async function pdfText(url: string): Promise<string> {
  const res = await api.call('GET', url);
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(res.raw.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  window = await api.ok('POST', '/api/inventory/items', {
    sku: 'PR-1K',
    name: 'PVC prozor jednokrilni',
    kind: 'product',
    base_unit: 'kom',
    vat_rate: '25',
    sales_price: '420.00',
  });
  client = await api.ok('POST', '/api/clients', { kind: 'person', name: 'Ivana Babić' });
}, 120_000);
afterAll(async () => t?.close());

describe('window lines', () => {
  it('refuses a bad glass make-up naming the token, nothing saved', async () => {
    const before = await api.ok('GET', '/api/documents/quotes');
    const bad = await api.call('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: [
        { item_id: window.id, quantity: '1', width_mm: '1200', height_mm: '1400', glass_makeup: '4-16Ne-4' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      {
        field: 'lines.0.glass_makeup',
        key: 'validation.glassMakeupInvalid',
        params: { token: '16Ne', position: 2 },
      },
    ]);
    expect(bad.body.error.message).toBe('Sastav stakla nije ispravan: „16Ne” (2. dio)');
    const after = await api.ok('GET', '/api/documents/quotes');
    expect(after.total).toBe(before.total);
  });

  it('keeps the fields through quote → work order, on both PDFs and in the audit trail', async () => {
    const quote = await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: [
        { item_id: window.id, quantity: '2', width_mm: '1200', height_mm: '1400', ...spec },
        { description: 'Montaža', quantity: '2', unit_price: '35' },
      ],
    });
    const expected = { ...spec, glass_makeup: '4E-16Ar-4', width_mm: '1200', height_mm: '1400' };
    expect(quote.lines[0]).toMatchObject(expected);
    expect(quote.lines[1]).toMatchObject({
      profile_system: null,
      glass_makeup: null,
      colour: null,
      hardware_set: null,
    });

    const id = quote.document.id;
    const quotePdf = await pdfText(`/api/documents/${id}/pdf`);
    expect(quotePdf).toContain(
      'PVC prozor jednokrilni (1.200 × 1.400 mm); profil Aluplast Ideal 4000 · staklo 4E-16Ar-4 · boja bijela RAL 9016 · okov Roto NT',
    );

    await api.ok('POST', `/api/documents/quotes/${id}/send`);
    await api.ok('POST', `/api/documents/quotes/${id}/accept`);
    const wo = await api.ok('POST', `/api/documents/quotes/${id}/convert`);
    expect(wo.document.kind).toBe('work_order');
    expect(wo.lines[0]).toMatchObject(expected);
    const woPdf = await pdfText(`/api/documents/${wo.document.id}/pdf`);
    expect(woPdf).toContain(
      'profil Aluplast Ideal 4000 · staklo 4E-16Ar-4 · boja bijela RAL 9016 · okov Roto NT',
    );

    const history = await api.ok('GET', `/api/documents/${wo.document.id}/history`);
    const inserted = history.find((h: Json) => h.table_name === 'document_lines' && h.action === 'INSERT');
    expect(inserted.changes).toMatchObject({
      profile_system: { new: 'Aluplast Ideal 4000' },
      glass_makeup: { new: '4E-16Ar-4' },
      colour: { new: 'bijela RAL 9016' },
      hardware_set: { new: 'Roto NT' },
    });
  });

  it("keeps the company's list of profile systems in the document settings", async () => {
    const settings = await api.ok('GET', '/api/documents/settings');
    expect(settings.profile_systems).toEqual([]);
    const saved = await api.ok('PUT', '/api/documents/settings', {
      ...settings,
      profile_systems: ['Aluplast Ideal 4000', ' Salamander bluEvolution 82 ', 'Aluplast Ideal 4000'],
    });
    expect(saved.profile_systems).toEqual(['Aluplast Ideal 4000', 'Salamander bluEvolution 82']);
    // A PUT without the list (an older client) keeps it.
    const { profile_systems: _, ...rest } = saved;
    const kept = await api.ok('PUT', '/api/documents/settings', { ...rest, quote_valid_days: 20 });
    expect(kept).toMatchObject({
      quote_valid_days: 20,
      profile_systems: ['Aluplast Ideal 4000', 'Salamander bluEvolution 82'],
    });
  });
});
