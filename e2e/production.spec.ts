import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

/** Materials belong to inventory: they are created through its API, with purchase prices. */
async function createMaterial(page: Page, sku: string, name: string, unit: string, price: string) {
  const res = await page.request.post('/api/inventory/items', {
    headers: { Origin: BASE_URL },
    data: { sku, name, kind: 'material', base_unit: unit, purchase_price: price },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function addLine(page: Page, n: number, sku: string, amount: string) {
  await page.getByRole('button', { name: 'Dodaj redak' }).click();
  await page.getByLabel(`Sastavni dio, redak ${n}`).fill(sku);
  await page.getByRole('option', { name: new RegExp(sku) }).click();
  await page.getByLabel(`Količina ili formula, redak ${n}`).fill(amount);
}

async function newProduct(page: Page, sku: string, name: string, kind: 'Proizvod' | 'Podsklop') {
  await page.goto('/products/new');
  await page.getByLabel('Šifra artikla').fill(sku);
  await page.getByLabel('Naziv').fill(name);
  await page.getByLabel('Vrsta').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Izradi' }).click();
  await expect(page.getByRole('heading', { name: `${sku} · ${name}` })).toBeVisible();
}

test.describe('production', () => {
  test('a process, a product with a two-level BOM and a routing; the cost and suggested price are shown', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('production'));
    await dismissChangelog(page);
    await createMaterial(page, 'FLOAT4', 'Float staklo 4 mm', 'm2', '12.00');
    await createMaterial(page, 'SPACER16', 'Distancer 16 mm', 'm', '0.85');
    await createMaterial(page, 'FRAME70', 'PVC profil okvira 70', 'm', '4.50');

    // A process through its form.
    await page.goto('/processes/new');
    await page.getByLabel('Šifra', { exact: true }).fill('REZ');
    await page.getByLabel('Naziv', { exact: true }).fill('Rezanje profila');
    await page.getByLabel('Radni centar').fill('Pila 1');
    await page.getByLabel('Cijena sata').fill('30');
    await page.getByLabel('Priprema (min)').fill('10');
    await page.getByLabel('Min po komadu').fill('2');
    await page.getByLabel('Kategorija').selectOption({ label: 'Rezanje' });
    await page.getByRole('button', { name: 'Spremi' }).click();
    await expect(page).toHaveURL(/\/processes$/);
    await expect(page.getByRole('link', { name: 'REZ' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Rezanje', exact: true })).toBeVisible();
    // A tempering process for the processing-order check below.
    const temper = await page.request.post('/api/processes', {
      headers: { Origin: BASE_URL },
      data: {
        code: 'KAL',
        name: 'Kaljenje',
        costPerHour: '50',
        setupMinutes: '0',
        minutesPerUnit: '5',
        dailyCapacityHours: '8',
        category: 'temper',
      },
    });
    expect(temper.status(), await temper.text()).toBe(201);
    await page.screenshot({ path: `${SCREENSHOTS}/production-processes.png` });

    // Level 2: the insulating glass unit.
    await newProduct(page, 'IZO-4-16-4', 'Izo staklo 4-16-4', 'Podsklop');
    await addLine(page, 1, 'FLOAT4', 'W*H/1e6*X');
    // Live validation names the unknown variable and where it is.
    await expect(page.getByText('Nepoznata varijabla X kod 9. znaka')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Spremi nacrt' })).toBeDisabled();
    await page.getByLabel('Količina ili formula, redak 1').fill('W*H/1e6*2');
    await addLine(page, 2, 'SPACER16', '2*((W-10)+(H-10))/1000');
    await page.getByRole('button', { name: 'Spremi nacrt' }).click();
    await page.getByRole('button', { name: 'Aktiviraj' }).click();
    await expect(page.getByRole('tab', { name: /v1\s*aktivna/ })).toBeVisible();

    // Level 1: the window, containing the glass unit 2 × 48 mm smaller each way.
    await newProduct(page, 'PROZOR-PVC', 'PVC prozor jednokrilni', 'Proizvod');
    await addLine(page, 1, 'FRAME70', '2*(W+H)/1000');
    await addLine(page, 2, 'IZO-4-16-4', '1');
    await page.getByLabel('Širina podsklopa, redak 2').fill('W - 96');
    await page.getByLabel('Visina podsklopa, redak 2').fill('H - 96');
    await page.getByRole('button', { name: 'Spremi nacrt' }).click();
    await page.getByRole('button', { name: 'Aktiviraj' }).click();
    await expect(page.getByRole('tab', { name: /v1\s*aktivna/ })).toBeVisible();

    await page.getByRole('button', { name: 'Dodaj operaciju' }).click();
    await page.getByLabel('Proces, korak 1').selectOption({ label: 'REZ · Rezanje profila' });
    // Tempering moved before cutting: a warning as the routing is edited, gone when put right.
    await page.getByRole('button', { name: 'Dodaj operaciju' }).click();
    await page.getByLabel('Proces, korak 2').selectOption({ label: 'KAL · Kaljenje' });
    const steps = page.getByTestId('routing-step');
    await steps.nth(1).getByRole('button', { name: 'Pomakni gore' }).click();
    const warnings = page.getByTestId('routing-warnings');
    await expect(warnings).toContainText('#2 (Rezanje) dolazi nakon #1 (Kaljenje)');
    await steps.nth(0).getByRole('button', { name: 'Ukloni' }).click();
    await expect(warnings).toHaveCount(0);
    await page.getByRole('button', { name: 'Spremi postupak' }).click();
    await expect(page.getByText('Spremljeno').first()).toBeVisible();

    // Preview for one window of 1000 × 800 mm at 25 % margin, computed by hand:
    // glass unit 904 × 704: 2 × 0.636416 m2 × 12.00 = 15.27; spacer 2 × (894 + 694) mm × 0.85 = 2.70;
    // frame 3.6 m × 4.50 = 16.20; labour (10 + 2) min at 30 €/h = 6.00 → 40.17; price 40.17 / 0.75 = 53.56.
    await page.getByLabel('Širina W (mm)').fill('1000');
    await page.getByLabel('Visina H (mm)').fill('800');
    await page.getByLabel('Marža %').fill('25');
    await expect(page.getByTestId('cost-total')).toHaveText(/40,17/);
    await expect(page.getByTestId('price-unit')).toHaveText(/53,56/);
    await expect(page.getByTestId('explosion-tree').getByText('904 × 704 mm')).toBeVisible();
    await expect(page).toHaveURL(/W=1000.*H=800/);
    await page.screenshot({ path: `${SCREENSHOTS}/production-product-detail.png`, fullPage: true });

    await page.goto('/products');
    await expect(page.getByRole('link', { name: 'PROZOR-PVC' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'IZO-4-16-4' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/production-products.png` });
  });
});
