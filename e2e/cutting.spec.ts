import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { BASE_URL, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('cutting', () => {
  test('ad-hoc 2D cutting list: optimise in the browser worker, see the SVG, download CSV, DXF and PDF', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('cutting'));
    await dismissChangelog(page);

    // Company cutting defaults: the glass and PVC presets fill in their kinds; new lists start from them.
    await page.goto('/settings');
    const defaults = page.getByTestId('cutting-settings');
    await defaults.getByRole('button', { name: 'Staklo (rez 0, obrub 15)' }).click();
    await defaults.getByRole('button', { name: 'PVC profili (6500, zavar 3 mm)' }).click();
    await expect(defaults.getByLabel('Širina reza ploča (mm)')).toHaveValue('0');
    await expect(defaults.getByLabel('Standardna duljina šipke (mm)')).toHaveValue('6500');
    await expect(defaults.getByLabel('Dodatak za zavarivanje po kosom kraju (mm)')).toHaveValue('3');
    await defaults.getByRole('button', { name: 'Spremi postavke krojenja' }).click();
    await expect(defaults.getByText('Spremljeno')).toBeVisible();

    await page.goto('/cutting');
    await expect(page.getByText('Još nema krojnih lista.')).toBeVisible();
    await page.getByRole('link', { name: 'Nova krojna lista' }).click();
    await expect(page.getByLabel('Širina reza (mm)')).toHaveValue('0');
    await expect(page.getByLabel('Obrub po rubu (mm)')).toHaveValue('15');
    await page.getByLabel('Naziv liste').fill('Staklo za RN-5');
    await page.getByLabel('Vrijeme optimizacije (s)').fill('1');
    const rows = page.getByTestId('piece-row');
    await rows.nth(0).getByLabel('Oznaka').fill('P1');
    await rows.nth(0).getByLabel('Opis').fill('Ostakljenje');
    await rows.nth(0).getByLabel('Nalog').fill('RN-5');
    await rows.nth(0).getByLabel('Širina').fill('1000');
    await rows.nth(0).getByLabel('Visina').fill('800');
    await rows.nth(0).getByLabel('Količina').fill('3');
    await page.getByRole('button', { name: 'Dodaj komad' }).click();
    await rows.nth(1).getByLabel('Širina').fill('600');
    await rows.nth(1).getByLabel('Visina').fill('400');
    await rows.nth(1).getByLabel('Količina').fill('2');
    await page.getByLabel('Format', { exact: true }).fill('FLOAT-4');
    await page.getByLabel('Format Širina').fill('3210');
    await page.getByLabel('Format Visina').fill('2000');
    await page.screenshot({ path: `${SCREENSHOTS}/cutting-new.png`, fullPage: true });
    await page.getByRole('button', { name: 'Spremi listu' }).click();

    await expect(page.getByRole('heading', { name: /Krojna lista 1 · Staklo za RN-5/ })).toBeVisible();
    await expect(page.getByTestId('job-status')).toHaveText('Nacrt');
    await expect(page.getByTestId('job-settings')).toHaveText(
      'Rez 0 mm · obrub 15 mm po rubu · ostaci od 300 × 300 mm',
    );
    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato', { timeout: 15_000 });
    // 3 x 1000x800 + 2 x 600x400 fit on one 3210 x 2000 sheet (after a 10 mm trim): the bound is 1.
    await expect(page.getByTestId('stock-count')).toHaveText('1');
    await expect(page.getByTestId('lower-bound')).toHaveText('1');
    await expect(page.getByTestId('layout-svg')).toHaveCount(1);
    await expect(page.getByTestId('layout-svg').getByTestId('piece')).toHaveCount(5);
    await page.screenshot({ path: `${SCREENSHOTS}/cutting-plan-adhoc.png`, fullPage: true });

    const download = async (format: 'csv' | 'dxf' | 'pdf') => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`export-${format}`).click(),
      ]);
      expect(file.suggestedFilename()).toBe(`krojna-lista-1.${format}`);
      return readFileSync((await file.path()) as string);
    };
    const csv = (await download('csv')).toString('utf8').replace('\uFEFF', '').trim().split('\r\n');
    expect(csv[0]).toBe('sheet;stock;piece;label;order;x_mm;y_mm;width_mm;height_mm;rotated');
    expect(csv.filter((r) => r.includes(';P1;Ostakljenje;RN-5;'))).toHaveLength(3);
    expect(csv).toHaveLength(6);
    const dxf = (await download('dxf')).toString('utf8');
    for (const layer of ['SHEET', 'PARTS', 'CUTS', 'LABELS']) expect(dxf).toContain(layer);
    expect((await download('pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    // The list shows the job with its result next to the bound.
    await page.goto('/cutting');
    await expect(
      page.getByTestId('cutting-jobs').getByRole('link', { name: 'Staklo za RN-5' }),
    ).toBeVisible();
    await expect(page.getByTestId('cutting-jobs')).toContainText('1 / 1');

    // A bar list: the PVC defaults, a frame piece mitred at both ends is cut 1000 + 2 × 3 = 1006 mm.
    await page.goto('/cutting/new');
    await page.getByLabel('Naziv liste').fill('Okviri PVC');
    await page.getByLabel('Vrsta rezanja').selectOption('1d');
    await expect(page.getByLabel('Dodatak za zavarivanje po kosom kraju (mm)')).toHaveValue('3');
    const bar = page.getByTestId('piece-row').nth(0);
    await bar.getByLabel('Oznaka').fill('F1');
    await bar.getByLabel('Duljina').fill('1000');
    await bar.getByLabel('Količina').fill('2');
    await bar.getByLabel('Kutovi rezanja').selectOption('45/45');
    await page.getByLabel('Format', { exact: true }).fill('PVC-70');
    await expect(page.getByLabel('Format Duljina')).toHaveValue('6500');
    await page.getByRole('button', { name: 'Spremi listu' }).click();
    const frame = page.getByTestId('job-pieces').locator('tbody tr');
    await expect(frame.locator('td').nth(3)).toHaveText('45°/45°');
    await expect(frame.locator('td').nth(4)).toHaveText('1006');
    await expect(page.getByTestId('job-settings')).toContainText(
      'dodatak za zavarivanje 3 mm po kosom kraju',
    );
  });

  test('a plan a cutter reads at a glance: overview, zoom, labels inside their pieces, legend, offcuts as stock', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('cutting-glance'));
    await dismissChangelog(page);
    // Two 2500 × 1500 panes cannot share a 3210 × 2250 sheet (after 15 mm trims), so two sheets,
    // each with a large offcut; three 120 × 90 pieces are too small for their label.
    const res = await page.request.post('/api/cutting/jobs', {
      headers: { Origin: BASE_URL },
      data: {
        name: 'Staklo Vila Marjan',
        kind: '2d',
        kerf: 0,
        trim: { left: 15, right: 15, top: 15, bottom: 15 },
        min_remnant_length: 300,
        min_remnant_width: 300,
        time_limit_ms: 1000,
        pieces: [
          { ref: 'B1', label: 'Izo staklo dnevni boravak', width: 2500, height: 1500, quantity: 2 },
          { ref: 'M1', width: 800, height: 600, quantity: 1 },
          { ref: 'S1', label: 'Uzorak', width: 120, height: 90, quantity: 3 },
        ],
        stock: [{ ref: 'FLOAT-4', width: 3210, height: 2250, quantity: null }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const job = await res.json();
    await page.goto(`/cutting/${job.id}`);
    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato', { timeout: 15_000 });
    await expect(page.getByTestId('stock-count')).toHaveText('2', { timeout: 15_000 });

    // The figures on screen are the server's; they add up to the sheets (pieces by hand).
    const stored = await (await page.request.get(`/api/cutting/jobs/${job.id}`)).json();
    const total = stored.figures.total;
    expect(total.total).toBe(2 * 3210 * 2250);
    expect(total.pieces).toBe(2 * 2500 * 1500 + 800 * 600 + 3 * 120 * 90);
    expect(total.offcuts).toBeGreaterThan(0);
    expect(total.pieces + total.offcuts + total.waste).toBe(total.total);
    const comma = (s: string) => s.replace('.', ',');
    await expect(page.getByTestId('waste-total')).toHaveText(`${comma(total.wastePercent)} %`);
    await expect(page.getByTestId('offcut-total')).toContainText(comma(total.offcutMeasure));

    // Overview: one thumbnail per sheet with its number, material and waste, none taller than the window.
    const thumbs = page.getByTestId('sheet-thumb');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(0)).toContainText(
      `1. FLOAT-4 · otpad ${comma(stored.figures.layouts[0].wastePercent)} %`,
    );
    for (const i of [0, 1]) {
      const box = await thumbs.nth(i).boundingBox();
      expect(box?.height ?? 0).toBeLessThan(400);
      await expect(thumbs.nth(i).getByTestId('offcut-stock').first()).toBeAttached();
    }
    await page.screenshot({ path: `${SCREENSHOTS}/cutting-plan-overview.png` });

    // Zoom into the sheet with the small pieces.
    const small = stored.plan.layouts.findIndex((l: { placements: { pieceId: string }[] }) =>
      l.placements.some((p) => p.pieceId === 'S1'),
    );
    await thumbs.nth(small).click();
    const zoom = page.getByTestId('layout-zoom');
    await expect(page.getByTestId('zoom-title')).toContainText(`${small + 1}. FLOAT-4`);
    const inside = async (outer: Locator, inner: Locator) => {
      const o = await outer.boundingBox();
      for (const b of await inner.all()) {
        const r = await b.boundingBox();
        expect(o && r, 'drawn').toBeTruthy();
        if (!o || !r) continue;
        const text = await b.textContent();
        expect(r.x, `${text} left`).toBeGreaterThanOrEqual(o.x - 0.5);
        expect(r.y, `${text} top`).toBeGreaterThanOrEqual(o.y - 0.5);
        expect(r.x + r.width, `${text} right`).toBeLessThanOrEqual(o.x + o.width + 0.5);
        expect(r.y + r.height, `${text} bottom`).toBeLessThanOrEqual(o.y + o.height + 0.5);
      }
    };
    // No label leaves its piece.
    const pieces = zoom.getByTestId('piece');
    const count = await pieces.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let k = 0; k < count; k++)
      await inside(pieces.nth(k).getByTestId('piece-rect'), pieces.nth(k).getByTestId('piece-label'));
    // The small pieces are in the legend (their size does not fit them); the big pane is labelled in place.
    const legend = page.getByTestId('layout-legend');
    await expect(legend.locator('tbody tr').filter({ hasText: 'S1' })).toHaveCount(3);
    await expect(legend.locator('tbody tr').filter({ hasText: '120 × 90' })).toHaveCount(3);
    await expect(legend).not.toContainText('B1');
    await expect(zoom.locator('[data-piece="B1"]').getByTestId('piece-label').first()).toHaveText(/B1/);
    // The offcut is stock: drawn as such, labelled with its size, inside its rectangle.
    const kept = zoom.getByTestId('offcut-stock').first();
    await expect(kept.getByTestId('offcut-label').first()).toHaveText('Ostatak → skladište');
    await expect(kept.getByTestId('offcut-label').nth(1)).toHaveText(/^\d+ × \d+$/);
    await inside(kept.locator('rect').first(), kept.getByTestId('offcut-label'));
    await page.screenshot({ path: `${SCREENSHOTS}/cutting-plan.png` });

    // Arrow keys move between the sheets, Esc goes back to the overview.
    const other = 1 - small;
    await page.keyboard.press(other > small ? 'ArrowRight' : 'ArrowLeft');
    await expect(page.getByTestId('zoom-title')).toContainText(`${other + 1}. FLOAT-4`);
    await page.keyboard.press(other > small ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByTestId('zoom-title')).toContainText(`${small + 1}. FLOAT-4`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sheet-zoom')).toHaveCount(0);
    await expect(thumbs).toHaveCount(2);
  });

  test('a profile (1D) plan is drawn: bars with their pieces, mitred ends slanted, offcut and waste labelled', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('cutting-bars'));
    await dismissChangelog(page);
    // Two PVC windows: frames mitred 45°/45° (cut = outer length + 2 × 3 mm weld allowance) and a
    // square mullion. The plan is laid out by hand (the server checks it as any plan): bar 1 is
    // full up to a 246 mm tail (under the 500 mm minimum: waste), bar 2 keeps a 3640 mm offcut.
    const res = await page.request.post('/api/cutting/jobs', {
      headers: { Origin: BASE_URL },
      data: {
        name: 'Prozori PVC RN-7',
        kind: '1d',
        kerf: 4,
        trim: { left: 10, right: 10, top: 0, bottom: 0 },
        min_remnant_length: 500,
        min_remnant_width: 0,
        weld_allowance: 3,
        time_limit_ms: 200,
        pieces: [
          { ref: 'F1', label: 'Okvir 1200', length: 1200, quantity: 2, angle_start: 45, angle_end: 45 },
          { ref: 'F2', label: 'Okvir 1400', length: 1400, quantity: 2, angle_start: 45, angle_end: 45 },
          { ref: 'M1', label: 'Stup', length: 1000, quantity: 1 },
          { ref: 'G1', label: 'Krilo 800', length: 800, quantity: 2, angle_start: 45, angle_end: 45 },
          { ref: 'G2', label: 'Krilo 600', length: 600, quantity: 2, angle_start: 45, angle_end: 90 },
        ],
        stock: [{ ref: 'PVC-70', length: 6500, quantity: null }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const job = await res.json();
    /** Pieces one after another from the head trim, 4 mm kerf before each and after the last. */
    const bar = (pieces: [string, number][]) => {
      let x = 10;
      const placements = pieces.map(([pieceId, length]) => {
        const p = { pieceId, x, length };
        x += length + 4;
        return p;
      });
      return {
        stockId: 'PVC-70',
        length: 6500,
        placements,
        cuts: placements.map((p) => ({ x: p.x + p.length, width: 4 })),
        offcuts: [{ x, length: 6500 - x }],
        wastePercent: 0,
      };
    };
    const plan = {
      kind: '1d',
      stockUsed: [{ stockId: 'PVC-70', count: 2 }],
      layouts: [
        bar([
          ['F2', 1406],
          ['F2', 1406],
          ['F1', 1206],
          ['F1', 1206],
          ['M1', 1000],
        ]),
        bar([
          ['G1', 806],
          ['G1', 806],
          ['G2', 603],
          ['G2', 603],
        ]),
      ],
      lowerBound: 2,
      wastePercent: 0,
      timeMs: 1,
      optimal: true,
    };
    expect(plan.layouts[0]?.offcuts).toEqual([{ x: 6254, length: 246 }]);
    const put = await page.request.put(`/api/cutting/jobs/${job.id}/plan`, {
      headers: { Origin: BASE_URL },
      data: plan,
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto(`/cutting/${job.id}`);
    await expect(page.getByTestId('stock-count')).toHaveText('2');
    const thumbs = page.getByTestId('sheet-thumb');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(0).getByTestId('piece')).toHaveCount(5);
    await expect(thumbs.nth(1).getByTestId('piece')).toHaveCount(4);

    // Bar 1 large: every piece drawn inside the bar, in the plan's order along it.
    await thumbs.nth(0).click();
    const zoom = page.getByTestId('layout-zoom');
    const pieces = zoom.getByTestId('piece');
    await expect(pieces).toHaveCount(5);
    const frame = await zoom.boundingBox();
    let lastMiddle = -1;
    for (let k = 0; k < 5; k++) {
      const box = await pieces.nth(k).getByTestId('piece-rect').boundingBox();
      expect(box && frame).toBeTruthy();
      if (!box || !frame) continue;
      // (2 px: the outlines' stroke reaches half its width past the bar's edge)
      expect(box.x).toBeGreaterThanOrEqual(frame.x - 2);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 2);
      // One after another: each starts past the middle of the one before.
      expect(box.x).toBeGreaterThan(lastMiddle);
      lastMiddle = box.x + box.width / 2;
    }
    await expect(zoom.locator('[data-piece="F2"] [data-testid="piece-label"]').first()).toHaveText(/F2/);
    // Mitred frame pieces are drawn with both ends slanted; the square mullion is a rectangle.
    const mitred = zoom.locator('[data-angles="45/45"]');
    await expect(mitred).toHaveCount(4);
    await expect(mitred.locator('polygon')).toHaveCount(4);
    const points = (await mitred.first().locator('polygon').getAttribute('points'))
      ?.split(' ')
      .map((p) => p.split(',').map(Number)) as number[][];
    // Bottom edge (outer length) longer than the top edge: both ends slope.
    expect(points[1]?.[0]).toBeGreaterThan(points[0]?.[0] as number);
    expect(points[2]?.[0]).toBeLessThan(points[3]?.[0] as number);
    await expect(zoom.locator('[data-piece="M1"]')).toHaveAttribute('data-angles', '90/90');
    await expect(zoom.locator('[data-piece="M1"] polygon')).toHaveCount(0);
    await expect(zoom.locator('[data-piece="M1"] rect')).toHaveCount(1);
    // The 246 mm tail is waste, labelled so; nothing on this bar is kept.
    await expect(zoom.getByTestId('offcut-stock')).toHaveCount(0);
    await expect(zoom.getByTestId('offcut-waste').getByTestId('waste-label')).toHaveText(/^Otpad( 246)?$/);
    await page.screenshot({ path: `${SCREENSHOTS}/cutting-plan-bars.png` });

    // Bar 2: a sash piece mitred at one end only, and the kept offcut labelled with its length
    // (up to where the tail trim starts: 6500 − 2844 − 10).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('zoom-title')).toContainText('2. PVC-70');
    await expect(zoom.locator('[data-angles="45/90"] polygon')).toHaveCount(2);
    const kept = zoom.getByTestId('offcut-stock');
    await expect(kept).toHaveCount(1);
    await expect(kept.getByTestId('offcut-label')).toHaveText('Ostatak → skladište 3646');
  });

  test('cancelling a long run keeps and stores the best plan found so far', async ({ page }) => {
    await signUpViaApi(page, newAccount('cutting-cancel'));
    await dismissChangelog(page);
    await page.goto('/cutting/new');
    await page.getByLabel('Naziv liste').fill('Dugi izračun');
    // Ten 400 x 400 squares on 1000 x 1000 sheets: four per sheet, so three sheets, while the
    // bounds say two; the search never reaches its bound and runs for the whole minute.
    await page.getByLabel('Vrijeme optimizacije (s)').fill('60');
    const row = page.getByTestId('piece-row').nth(0);
    await row.getByLabel('Oznaka').fill('K1');
    await row.getByLabel('Širina').fill('400');
    await row.getByLabel('Visina').fill('400');
    await row.getByLabel('Količina').fill('10');
    await page.getByLabel('Format', { exact: true }).fill('PLOCA');
    await page.getByLabel('Format Širina').fill('1000');
    await page.getByLabel('Format Visina').fill('1000');
    await page.getByRole('button', { name: 'Spremi listu' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('Nacrt');

    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    // The best plan so far is drawn while the worker still runs.
    await expect(page.getByTestId('run-progress')).toBeVisible();
    await expect(page.getByTestId('stock-count')).toHaveText('3', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Prekini' }).click();
    await expect(page.getByTestId('run-cancelled')).toHaveText(/spremljen je najbolji plan/);
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato');
    await expect(page.getByTestId('layout-svg')).toHaveCount(3);
    // Stored on the server, not only on screen.
    await page.reload();
    await expect(page.getByTestId('stock-count')).toHaveText('3');
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato');
  });

  test('a list the optimiser cannot plan says why in Croatian and stores nothing', async ({ page }) => {
    await signUpViaApi(page, newAccount('cutting-unplannable'));
    await dismissChangelog(page);
    // A 3210 × 2250 pane is exactly the sheet, so the 15 mm trim leaves it nowhere to go. The
    // in-browser run showed the optimiser's English text ("pieces.XL: piece is larger than every
    // stock sheet (after trim)") after the Croatian "Optimizacija nije uspjela:".
    const res = await page.request.post('/api/cutting/jobs', {
      headers: { Origin: BASE_URL },
      data: {
        name: 'Cijela ploča',
        kind: '2d',
        kerf: 0,
        trim: { left: 15, right: 15, top: 15, bottom: 15 },
        time_limit_ms: 500,
        pieces: [{ ref: 'XL', width: 3210, height: 2250, quantity: 1 }],
        stock: [{ ref: 'FLOAT-4', width: 3210, height: 2250, quantity: null }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const job = await res.json();
    await page.goto(`/cutting/${job.id}`);
    await expect(page.getByTestId('job-status')).toHaveText('Nacrt');
    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Optimizacija nije uspjela: Komad XL (3210 × 2250 mm) veći je od svake ploče (nakon obrezivanja rubova)',
    );
    // The server's background run names the piece and its size too (it stored only the key, and
    // the page printed the message without the piece).
    await page.getByTestId('server-run').click();
    await expect(page.getByTestId('server-run-failed')).toHaveText(
      'Optimizacija nije uspjela: Komad XL (3210 × 2250 mm) veći je od svake ploče (nakon obrezivanja rubova)',
    );
    // Nothing was stored: still a draft without a plan on the server.
    const stored = await (await page.request.get(`/api/cutting/jobs/${job.id}`)).json();
    expect(stored.status).toBe('draft');
    expect(stored.plan).toBeNull();
  });

  test('a confirmed list is undone before cutting: its sheet is free again and nothing was issued', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('cutting-unconfirm'));
    await dismissChangelog(page);
    const post = async (url: string, data: object) => {
      const res = await page.request.post(url, { headers: { Origin: BASE_URL }, data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    };
    const loc = await post('/api/inventory/locations', { code: 'SKL', name: 'Skladište' });
    const sheet = await post('/api/inventory/items', {
      sku: 'FLOAT4-P',
      name: 'Float 4 mm',
      kind: 'material',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
    });
    // One sheet of 3210 × 2250 = 7.2225 m².
    await post('/api/inventory/receipts', {
      location_id: loc.id,
      lines: [{ item_id: sheet.id, quantity: '7.2225', unit_cost: '10' }],
    });
    const job = await post('/api/cutting/jobs', {
      name: 'Otkazana narudžba',
      kind: '2d',
      time_limit_ms: 500,
      pieces: [{ ref: 'P', width: 1000, height: 800, quantity: 2 }],
      stock: [
        { ref: 'FLOAT4-P', item_id: sheet.id, location_id: loc.id, width: 3210, height: 2250, quantity: 1 },
      ],
    });
    const reserved = async () =>
      (await (
        await page.request.get(`/api/inventory/reservations?item_id=${sheet.id}&status=active`)
      ).json()) as { quantity: string }[];
    const answered = async (path: RegExp, act: () => Promise<void>) => {
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname)),
        act(),
      ]);
      expect(res.status(), await res.text()).toBe(200);
    };
    await page.goto(`/cutting/${job.id}`);
    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato', { timeout: 15_000 });
    await answered(/\/confirm$/, () => page.getByRole('button', { name: 'Potvrdi i rezerviraj' }).click());
    await expect(page.getByTestId('job-status')).toHaveText('Potvrđeno');
    expect((await reserved()).map((r) => r.quantity)).toEqual(['7.2225']);

    await answered(/\/unconfirm$/, () => page.getByRole('button', { name: 'Poništi potvrdu' }).click());
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato');
    await expect(page.getByRole('button', { name: 'Potvrdi i rezerviraj' })).toBeVisible();
    expect(await reserved()).toEqual([]);
    const item = await (await page.request.get(`/api/inventory/items/${sheet.id}`)).json();
    expect(item.item.on_hand).toBe('7.2225');
  });

  test('a cutting list from a work order: its W × H lines become the pieces, sheets are picked, the order lists it', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('cutting-wo'));
    await dismissChangelog(page);
    const post = async (url: string, data: unknown) => {
      const res = await page.request.post(url, { headers: { Origin: BASE_URL }, data: data as object });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    };
    const client = await post('/api/clients', {
      kind: 'company',
      name: 'Gradnja Kovač j.d.o.o.',
      oib: '69435151530',
      billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    });
    const wo = await post('/api/documents/work-orders', {
      client_id: client.id,
      lines: [
        {
          description: 'Izo staklo 4-16-4',
          quantity: '2',
          width_mm: '1000',
          height_mm: '800',
          unit_price: '100',
        },
        {
          description: 'Izo staklo 4-16-4',
          quantity: '1',
          width_mm: '600',
          height_mm: '400',
          unit_price: '60',
        },
      ],
    });
    const number = wo.document.number as string;

    await page.goto(`/documents/work-orders/${wo.document.id}/edit`);
    const panel = page.getByTestId('wo-cutting');
    await expect(panel.getByRole('heading', { name: 'Krojna lista' })).toBeVisible();
    await expect(panel).toContainText('Za ovaj nalog još nema krojnih lista.');
    // What the order is cut into: no BOM material, the lines' own sizes, 2 + 1 pieces.
    await expect(panel.getByTestId('wo-cutting-materials')).toContainText('Mjere stavki (Š × V)');
    await expect(panel.getByTestId('wo-cutting-materials')).toContainText('3 kom.');
    await panel.getByRole('button', { name: 'Izradi krojnu listu' }).click();

    await expect(
      page.getByRole('heading', { name: `Krojna lista 1 · Krojna lista – ${number}` }),
    ).toBeVisible();
    await expect(page.getByTestId('job-status')).toHaveText('Nacrt');
    const pieces = page.getByTestId('job-pieces').locator('tbody tr');
    await expect(pieces).toHaveCount(2);
    await expect(pieces.nth(0)).toContainText(`${number}-1`);
    await expect(pieces.nth(0)).toContainText('1000 × 800');
    await expect(pieces.nth(0).locator('td').nth(3)).toHaveText('2');
    await expect(pieces.nth(1)).toContainText('600 × 400');
    await expect(pieces.nth(1).locator('td').nth(3)).toHaveText('1');
    // No sheets yet: the optimiser waits for them.
    await expect(page.getByRole('button', { name: 'Pokreni optimizaciju' })).toHaveCount(0);
    const picker = page.getByTestId('stock-picker');
    await picker.getByLabel('Format', { exact: true }).fill('FLOAT-4');
    await picker.getByLabel('Format Širina').fill('3210');
    await picker.getByLabel('Format Visina').fill('2000');
    await picker.getByRole('button', { name: 'Spremi ploče' }).click();
    await expect(page.getByTestId('stock-picker')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pokreni optimizaciju' }).click();
    await expect(page.getByTestId('job-status')).toHaveText('Izračunato', { timeout: 15_000 });
    // 2 x 1000x800 + 600x400 fit on one 3210 x 2000 sheet.
    await expect(page.getByTestId('stock-count')).toHaveText('1');
    await expect(page.getByTestId('layout-svg').getByTestId('piece')).toHaveCount(3);

    // The work order lists the job with its status and a link back.
    await page.goto(`/documents/work-orders/${wo.document.id}/edit`);
    const row = page.getByTestId('wo-cutting').locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Izračunato');
    await expect(row).toContainText('%');
    await row.getByRole('link', { name: `Krojna lista – ${number}` }).click();
    await expect(page).toHaveURL(/\/cutting\/[0-9a-f-]+$/);

    // A product whose BOM cuts two panes W-12 × H-12 from a float sheet: the order's panel offers
    // that material, and its list has 2 units × 2 panes of 1188 × 788.
    const sheet = await post('/api/inventory/items', {
      sku: 'FLOAT4-S',
      name: 'Float 4 mm',
      kind: 'material',
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
    });
    const igu = await post('/api/products', {
      sku: 'IZO-C',
      name: 'Izo staklo',
      baseUnit: 'kom',
      kind: 'product',
    });
    const bom = await post(`/api/products/${igu.id}/boms`, {
      variables: [],
      lines: [
        {
          componentId: sheet.id,
          formula: '2*W*H/1e6',
          unit: 'm2',
          scrapPct: '0',
          cutCount: '2',
          cutWidth: 'W-12',
          cutHeight: 'H-12',
        },
      ],
    });
    await post(`/api/products/${igu.id}/boms/${bom.id}/activate`, {});
    // The product's BOM editor shows the cut sizes in the line's cutting row.
    await page.goto(`/products/${igu.id}`);
    await expect(page.getByLabel('Krojna širina ploče, redak 1')).toHaveValue('W-12');
    await expect(page.getByLabel('Komada za krojenje, redak 1')).toHaveValue('2');
    const wo2 = await post('/api/documents/work-orders', {
      client_id: client.id,
      lines: [{ item_id: igu.id, quantity: '2', width_mm: '1200', height_mm: '800', unit_price: '100' }],
    });
    await page.goto(`/documents/work-orders/${wo2.document.id}/edit`);
    const materials = page.getByTestId('wo-cutting-materials');
    await expect(materials).toContainText('FLOAT4-S · Float 4 mm');
    await expect(materials).toContainText('4 kom.');
    await materials.getByRole('button', { name: 'Izradi krojnu listu' }).click();
    await expect(page.getByTestId('job-pieces').locator('tbody tr')).toContainText('1188 × 788');
  });
});
