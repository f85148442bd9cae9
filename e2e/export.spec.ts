import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('export', () => {
  test('a section, documents as PDFs and the company archive run as jobs with a progress bar and download; the archive restores into a new company', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpViaApi(page, newAccount('export', 'Iva Perić'));
    await dismissChangelog(page);
    const headers = { Origin: BASE_URL };
    const item = await page.request.post('/api/inventory/items', {
      headers,
      data: {
        sku: 'PVC-70',
        name: 'PVC profil 70 mm',
        kind: 'material',
        base_unit: 'kom',
        sales_price: '12.40',
      },
    });
    expect(item.status(), await item.text()).toBe(201);

    await page.goto('/');
    await page.locator('nav a[href="/export"]').first().click();
    await expect(page).toHaveURL(/\/export$/);
    await expect(page.getByRole('heading', { name: 'Izvoz i uvoz podataka' })).toBeVisible();

    // The section runs as a background job: progress bar, then the file downloads by itself.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-items-xlsx').click(),
    ]);
    const itemsJob = page.getByTestId('export-items-job');
    await expect(itemsJob.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByTestId('export-items-status')).toHaveAttribute('data-status', 'done');
    // Named in the user's language, in ASCII (issue 22): "Artikli" → artikli-<day>.xlsx.
    expect(xlsx.suggestedFilename()).toMatch(/^artikli-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile(await xlsx.path());
    // An XLSX file is a zip archive: "PK" first.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('sharedStrings'))).toBe(false);
    // The button fetches it again.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-items-download').click(),
    ]);
    expect(again.suggestedFilename()).toBe(xlsx.suggestedFilename());

    // Documents as PDFs: a background job that counts the documents, then the zip downloads.
    for (const n of [1, 2, 3]) {
      const q = await page.request.post('/api/documents/quotes', {
        headers,
        data: { lines: [{ description: `Ostakljenje ${n}`, quantity: '1', unit_price: '100' }] },
      });
      expect(q.status(), await q.text()).toBe(201);
    }
    await page.getByLabel('Računi', { exact: true }).uncheck();
    await page.getByLabel('Ponude', { exact: true }).check();
    await page.getByTestId('export-pdf-start').click();
    await expect(page.getByTestId('export-pdf-status')).toHaveAttribute('data-status', 'done', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('export-pdf-count')).toHaveText('Dokumenti: 3 / 3');
    await expect(page.getByTestId('export-pdf-job').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const [pdfZip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-pdf-download').click(),
    ]);
    expect(pdfZip.suggestedFilename()).toMatch(/^dokumenti-pdf-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(await readFile(await pdfZip.path()), { checkCRC32: true });
    const pdfs = Object.values(zip.files).filter((f) => !f.dir);
    expect(pdfs.map((f) => f.name).sort()).toEqual(
      // A folder per kind, named in the user's language (issue 22).
      [1, 2, 3].map((n) => `ponude/P-${new Date().getFullYear()}-000${n}.pdf`),
    );

    await page.getByTestId('export-archive-start').click();
    const bar = page.getByTestId('export-archive-job').getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(page.getByTestId('export-archive-status')).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    const [archive] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-archive-download').click(),
    ]);
    expect(archive.suggestedFilename()).toMatch(/^arhiva-tvrtke-.*\.json$/);
    const json = JSON.parse(await readFile(await archive.path(), 'utf8'));
    expect(json).toMatchObject({ format: 'erp-company-archive', version: 1 });
    const items = json.tables.find((t: { name: string }) => t.name === 'items');
    expect(JSON.stringify(items.rows)).toContain('PVC-70');
    // The shell scrolls its main area, so a tall viewport (not fullPage) shows the whole screen.
    await page.setViewportSize({ width: 1280, height: 1900 });
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('main, [data-scroll-root]')) el.scrollTo(0, 0);
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: `${SCREENSHOTS}/export.png` });

    // A new account (its own, empty company) restores the archive from the screen: upload, then a
    // background job with its progress bar and the number of rows written.
    await signUpViaApi(page, newAccount('export-restore', 'Marta Novak'));
    await dismissChangelog(page);
    await page.goto('/export');
    await page.getByTestId('restore-file').setInputFiles(await archive.path());
    await page.getByTestId('restore-submit').click();
    await expect(page.getByTestId('restore-status')).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('restore-job').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByTestId('restore-job').getByRole('status')).toContainText('Arhiva je vraćena');
    const restored = await page.request.get('/api/export/sections/items?format=csv');
    expect(await restored.text()).toContain('PVC-70,PVC profil 70 mm');
  });
});
