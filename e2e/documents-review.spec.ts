import { dismissChangelog, newAccount, postJson, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

// Documents flow review (2026-11-27, docs/product-conformance.md): a sent quote is read-only and
// its grid showed a unit price of 0,3333 € as "0,33 €", so 3 × the price on screen did not give the
// line's 1,00 €; the PDF printed 0,3333. The read-only grid now shows the price's own decimals.
test("a sent quote's grid shows a 4-decimal unit price as saved", async ({ page }) => {
  await signUpViaApi(page, newAccount('review-price'));
  await dismissChangelog(page);
  const client = await postJson(page, '/api/clients', { name: 'Staklorez d.o.o.' });
  const quote = await postJson(page, '/api/documents/quotes', {
    client_id: client.id,
    lines: [
      {
        description: 'Rezanje po mjeri',
        quantity: '3',
        unit_price: '0.3333',
        discount_pct: '0',
        vat_rate: '0',
      },
    ],
  });
  await postJson(page, `/api/documents/quotes/${quote.document.id}/send`);

  await page.goto(`/documents/quotes/${quote.document.id}/edit`);
  await expect(page.getByText('Poslana', { exact: true }).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Rezanje po mjeri' });
  await expect(row).toContainText(/0,3333\s€/);
  // By hand: 3 × 0,3333 = 0,9999 → 1,00 €
  await expect(row).toContainText(/1,00\s€/);
  await expect(row).not.toContainText(/0,33\s€/);
});
