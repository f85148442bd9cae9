import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';

const OIB = '69435151530';
type Hit = { kind: string; id: string; label: string | null; detail: string | null; match: string };

describe('GET /api/search', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  const ids: Record<string, string> = {};
  const call = (user: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });
  const search = async (user: SignedIn, q: string, limit?: number): Promise<Hit[]> => {
    const res = await call(
      user,
      'GET',
      `/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json().hits;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'Tražilica Vlasnik');
    stranger = await signUp(t.app, 'Druga Tvrtka');
    const client = await call(owner, 'POST', '/api/clients', { name: 'Čakić Staklo d.o.o.', oib: OIB });
    expect(client.statusCode).toBe(201);
    ids.client = client.json().id;
    const supplier = await call(owner, 'POST', '/api/suppliers', { name: 'Staklo Dobavljač d.d.' });
    ids.supplier = supplier.json().id;
    const item = await call(owner, 'POST', '/api/inventory/items', {
      sku: 'FLOAT-4',
      name: 'Float staklo 4 mm',
      kind: 'material',
      base_unit: 'kom',
    });
    expect(item.statusCode).toBe(201);
    ids.item = item.json().id;
    for (const [sku, name] of [
      ['FLOAT-6', 'Float staklo 6 mm, čisto'],
      ['LAM-33-1', 'Laminirano staklo 6 mm (33.1)'],
      ['BRTVA-9', 'Brtva EPDM 9 mm, siva'],
      ['BRTVA-9C', 'Brtva EPDM 9 mm, crna'],
    ]) {
      const r = await call(owner, 'POST', '/api/inventory/items', {
        sku,
        name,
        kind: 'material',
        base_unit: 'kom',
      });
      expect(r.statusCode).toBe(201);
      ids[sku as string] = r.json().id;
    }
    for (let i = 0; i < 7; i++) {
      const r = await call(owner, 'POST', '/api/inventory/items', {
        sku: `VIJAK-${i}`,
        name: `Vijak ${i}`,
        kind: 'component',
        base_unit: 'kom',
      });
      expect(r.statusCode).toBe(201);
    }
    const quote = await call(owner, 'POST', '/api/documents/quotes', {
      client_id: ids.client,
      lines: [{ item_id: ids.item, quantity: '1' }],
    });
    expect(quote.statusCode).toBe(201);
    ids.quote = quote.json().document.id;
    ids.quoteNumber = quote.json().document.number;
    // The other company has a client with the same name: it must never show up.
    await call(stranger, 'POST', '/api/clients', { name: 'Čakić Staklo d.o.o.', oib: OIB });
  }, 120_000);
  afterAll(() => t?.close());

  it('finds a client by its complete OIB (blind index), marked as an OIB match', async () => {
    const hits = await search(owner, OIB);
    expect(hits).toEqual([expect.objectContaining({ kind: 'client', id: ids.client, match: 'oib' })]);
  });

  it('finds nothing by a part of an OIB (only exact, it is encrypted)', async () => {
    expect(await search(owner, OIB.slice(0, 6))).toEqual([]);
  });

  it('finds partners by name without diacritics and items by SKU', async () => {
    const hits = await search(owner, 'cakic');
    expect(hits.filter((h) => h.kind === 'client').map((h) => h.id)).toEqual([ids.client]);
    const items = await search(owner, 'float-4');
    expect(items.filter((h) => h.kind === 'item')).toEqual([
      expect.objectContaining({ id: ids.item, label: 'FLOAT-4', detail: 'Float staklo 4 mm' }),
    ]);
  });

  it('finds items by every word of the query, in any order, by parts of words', async () => {
    const itemIds = async (q: string) =>
      (await search(owner, q, 10)).filter((h) => h.kind === 'item').map((h) => h.id);
    expect(await itemIds('float 6 mm')).toEqual([ids['FLOAT-6']]);
    expect(await itemIds('lam 6')).toEqual([ids['LAM-33-1']]);
    expect(await itemIds('brtva siva')).toEqual([ids['BRTVA-9']]);
    expect(await itemIds('siva  brtva')).toEqual([ids['BRTVA-9']]);
    // Every word must match: "float 8" is no 6 mm float, and no word may be ignored.
    expect(await itemIds('float 8')).toEqual([]);
    // Without diacritics in the query ("cisto" finds "čisto").
    expect(await itemIds('cisto float')).toEqual([ids['FLOAT-6']]);
    expect((await itemIds('staklo 6 mm')).sort()).toEqual([ids['FLOAT-6'], ids['LAM-33-1']].sort());
  });

  it('finds partners and documents by words of the client name in any order', async () => {
    const hits = await search(owner, 'staklo cakic');
    expect(hits.filter((h) => h.kind === 'client').map((h) => h.id)).toEqual([ids.client]);
    expect(hits.filter((h) => h.kind === 'quote').map((h) => h.id)).toEqual([ids.quote]);
    expect((await search(owner, 'staklo horvat')).filter((h) => h.kind === 'client')).toEqual([]);
  });

  it('the item, client and quote lists filter by every word too', async () => {
    const list = async (url: string) => {
      const res = await call(owner, 'GET', url);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const items = await list(`/api/inventory/items?q=${encodeURIComponent('siva brtva')}`);
    expect(items.items.map((i: { id: string }) => i.id)).toEqual([ids['BRTVA-9']]);
    const lam = await list(`/api/inventory/items?q=${encodeURIComponent('lam 6')}`);
    expect(lam.items.map((i: { id: string }) => i.id)).toEqual([ids['LAM-33-1']]);
    const clients = await list(`/api/clients?q=${encodeURIComponent('staklo cakic')}`);
    expect(clients.rows.map((r: { id: string }) => r.id)).toEqual([ids.client]);
    expect((await list(`/api/clients?q=${encodeURIComponent('staklo horvat')}`)).rows).toEqual([]);
    const quotes = await list(`/api/documents/quotes?q=${encodeURIComponent('staklo čakić')}`);
    expect(quotes.items.map((d: { id: string }) => d.id)).toEqual([ids.quote]);
  });

  it('finds documents by number and by client name', async () => {
    const byNumber = await search(owner, ids.quoteNumber as string);
    expect(byNumber.filter((h) => h.kind === 'quote').map((h) => h.id)).toEqual([ids.quote]);
    const byClient = await search(owner, 'Čakić');
    expect(byClient.find((h) => h.kind === 'quote')).toMatchObject({
      id: ids.quote,
      detail: 'Čakić Staklo d.o.o.',
    });
  });

  it('returns at most `limit` hits per kind', async () => {
    expect((await search(owner, 'vijak')).filter((h) => h.kind === 'item')).toHaveLength(5);
    expect((await search(owner, 'vijak', 3)).filter((h) => h.kind === 'item')).toHaveLength(3);
  });

  it("never returns another company's records", async () => {
    const theirs = await search(stranger, 'staklo');
    expect(theirs.map((h) => h.kind)).toEqual(['client']);
    expect(theirs[0]?.id).not.toBe(ids.client);
    expect(await search(stranger, 'FLOAT')).toEqual([]);
  });

  it('reads "dj" as đ too: "djakovo" finds Đakovo (client, its quote) and "djurdjevac" an item', async () => {
    const client = await call(owner, 'POST', '/api/clients', { name: 'Đakovo drvo d.o.o.' });
    expect(client.statusCode).toBe(201);
    const quote = await call(owner, 'POST', '/api/documents/quotes', {
      client_id: client.json().id,
      lines: [{ item_id: ids.item, quantity: '1' }],
    });
    expect(quote.statusCode).toBe(201);
    const item = await call(owner, 'POST', '/api/inventory/items', {
      sku: 'KUT-DJ',
      name: 'Kutnik Đurđevac',
      kind: 'component',
      base_unit: 'kom',
    });
    expect(item.statusCode).toBe(201);

    for (const q of ['djakovo', 'dakovo', 'Đakovo']) {
      const hits = await search(owner, q);
      expect(hits.map((h) => [h.kind, h.id])).toEqual([
        ['client', client.json().id],
        ['quote', quote.json().document.id],
      ]);
    }
    for (const q of ['djurdjevac', 'kutnik durdevac']) {
      expect((await search(owner, q)).map((h) => [h.kind, h.id])).toEqual([['item', item.json().id]]);
    }
    // "dj" stays "dj" as well: a name really spelt with dj is still found.
    expect(await search(owner, 'djx')).toEqual([]);
  });

  it('treats % and _ as plain characters and refuses an empty query', async () => {
    expect(await search(owner, '%')).toEqual([]);
    expect((await call(owner, 'GET', '/api/search?q=%20')).statusCode).toBe(400);
  });
});
