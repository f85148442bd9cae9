import { supplierInvoice } from '../apps/server/src/modules/purchase-invoices/test-invoices.ts';
import { dismissChangelog, newAccount, postJson, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const today = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

test.describe('purchase invoices', () => {
  test('a supplier eRačun is uploaded, matched to its order and receipt with a difference, approved, and shows in URA', async ({
    page,
  }) => {
    // The official validators (a JVM per rule set) take up to a minute on a busy machine.
    test.setTimeout(360_000);
    await signUpViaApi(page, newAccount('purchase-invoices'));
    await dismissChangelog(page);
    const post = (url: string, data?: unknown) => postJson(page, url, data);
    // The seller of Porezna's example eRačun (OIB corrected to a valid one) is our supplier.
    const supplier = await post('/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: '12345678903' });
    const location = await post('/api/inventory/locations', { code: 'SK1', name: 'Glavno skladište' });
    const item = async (sku: string, name: string, unit: string, price: string) => {
      const r = await post('/api/inventory/items', {
        sku,
        name,
        kind: 'material',
        base_unit: unit,
        purchase_price: price,
      });
      return (r.item ?? r).id as string;
    };
    const glass = await item('FLOAT-4', 'Float staklo 4 mm', 'm2', '12.50');
    const spacer = await item('DIST-16', 'Distancer 16 mm', 'm', '1.20');
    const draft = await post('/api/purchase-orders', {
      supplier_id: supplier.id,
      lines: [
        { item_id: glass, quantity: '100', unit_price: '12.50', vat_rate: '25' },
        { item_id: spacer, quantity: '40', unit_price: '1.20', vat_rate: '25' },
      ],
    });
    const order = await post(`/api/purchase-orders/${draft.id}/send`, {});
    const receipt = await post(`/api/purchase-orders/${order.id}/receipts`, {
      location_id: location.id,
      received_on: today(),
      lines: [
        { po_line_id: order.lines[0].id, quantity: '100' },
        { po_line_id: order.lines[1].id, quantity: '40' },
      ],
    });
    // The supplier bills the spacer at 1.25 instead of the ordered 1.20.
    const { xml } = supplierInvoice({
      number: '88-P1-1',
      issueDate: today(),
      orderRef: order.number,
      lines: [
        {
          name: 'Float staklo 4 mm',
          buyerItemId: 'FLOAT-4',
          quantity: '100',
          unitCode: 'MTK',
          price: '12.50',
        },
        { name: 'Distancer 16 mm', buyerItemId: 'DIST-16', quantity: '40', unitCode: 'MTR', price: '1.25' },
      ],
    });

    await page.goto('/suppliers/invoices');
    await page.getByRole('link', { name: 'Učitaj eRačun' }).click();
    await page.getByLabel('XML datoteka').setInputFiles({
      name: 'racun-88.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml, 'utf8'),
    });
    await page.getByRole('button', { name: 'Učitaj i provjeri' }).click();
    // Stored at once and checked in the background: the page says so, then shows the result.
    await expect(page.getByRole('heading', { name: 'Račun 88-P1-1' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('pi-status')).toHaveText(/Provjera u tijeku|Zaprimljen/);
    await expect(page.getByTestId('pi-status')).toHaveText('Zaprimljen', { timeout: 240_000 });

    // Matched: supplier, order, its receipt, and the one price difference.
    await expect(page.getByTestId('pi-receipts')).toContainText(receipt.number);
    await expect(page.getByText('Razlika: 1')).toBeVisible();
    await expect(page.getByTestId('pi-match')).toContainText('Cijena 1,25 umjesto 1,20 (0,05)');
    await expect(page.getByTestId('pi-totals')).toContainText('1.625,00');
    await page.screenshot({ path: `${SCREENSHOTS}/purchase-invoice-match.png`, fullPage: true });

    await page.getByRole('button', { name: 'Odobri' }).click();
    await expect(page.getByTestId('pi-status')).toHaveText('Odobren');
    await expect(page.getByTestId('pi-open')).toContainText('1.625,00');

    // URA of this month lists it with its VAT.
    await page.goto('/registers/ura');
    const row = page.getByTestId('register-row').filter({ hasText: '88-P1-1' });
    await expect(row).toContainText('TVRTKA A d.o.o.');
    await expect(row).toContainText('1.625,00');
    await expect(page.getByTestId('register-totals')).toContainText('325,00');
    await page.screenshot({ path: `${SCREENSHOTS}/registers-ura.png`, fullPage: true });
  });
});
