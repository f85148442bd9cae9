import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { dismissChangelog, newAccount, signUpViaApi } from './support/app.ts';
import { apiPost, createQuote } from './support/ux.ts';

/** WCAG 2.0/2.1/2.2 A and AA rules; a screen passes with no serious or critical violation. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), path).toEqual([]);
}

const heading = (page: Page) => expect(page.locator('main h1').first()).toBeVisible();

test.describe('accessibility (axe-core)', () => {
  test('public screens have no serious violations', async ({ page }) => {
    await check(page, '/landing', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await check(page, '/auth', (p) => expect(p.getByRole('button').first()).toBeVisible());
  });

  test('every main screen of the app has no serious violations', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpViaApi(page, newAccount('a11y'));
    await dismissChangelog(page);
    const client = await apiPost(page, '/api/clients', { name: 'Pristupačno d.o.o.', oib: '69435151530' });
    await apiPost(page, '/api/suppliers', { name: 'Dobavljač Kontrast d.d.' });
    const item = await apiPost(page, '/api/inventory/items', {
      sku: 'A11Y-1',
      name: 'Float staklo 4 mm',
      kind: 'material',
      base_unit: 'kom',
    });
    const quote = await createQuote(page, client.id);
    const workOrder = await apiPost<{ document: { id: string } }>(page, '/api/documents/work-orders', {
      client_id: client.id,
      lines: [{ description: 'Izrada stakla', quantity: '1', unit_price: '10' }],
    });

    const screens: Array<[string, (p: Page) => Promise<void>]> = [
      ['/', heading],
      ['/inventory/items', (p) => expect(p.getByRole('link', { name: 'A11Y-1' })).toBeVisible()],
      [`/inventory/items/${item.id}`, heading],
      ['/products', heading],
      ['/processes', heading],
      ['/documents/quotes', (p) => expect(p.getByTestId('document-row')).toHaveCount(1)],
      [`/documents/quotes/${quote}/edit`, heading],
      [`/documents/work-orders/${workOrder.document.id}/edit`, heading],
      ['/delivery-notes', heading],
      ['/documents/invoices', heading],
      ['/clients', (p) => expect(p.getByRole('link', { name: 'Pristupačno d.o.o.' })).toBeVisible()],
      [`/clients/${client.id}`, heading],
      ['/suppliers', heading],
      ['/suppliers/orders', heading],
      ['/cutting', heading],
      ['/settings', heading],
      ['/audit', heading],
      ['/export', heading],
    ];
    const failures: Record<string, unknown> = {};
    const started = Date.now();
    for (const [path, ready] of screens) {
      const t0 = Date.now();
      await page.goto(path);
      await ready(page);
      await page.waitForLoadState('networkidle');
      const found = await seriousViolations(page);
      if (found.length > 0) failures[path] = found;
      console.log(`a11y ${path}: ${Date.now() - t0} ms`);
    }
    console.log(`a11y total: ${Date.now() - started} ms for ${screens.length} screens`);
    expect(failures).toEqual({});
  });
});
