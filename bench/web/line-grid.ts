/**
 * Typing latency in the document line grid (issue 12: "200 lines without lag"): a new quote with
 * 10 lines and one with 200 lines, open side by side in one browser, typed into in alternating
 * rounds, so both sizes see the same machine load and the ratio 200/10 is what counts.
 *
 * Per key: time from `keydown` (capture phase) to a task queued in the next animation frame, i.e.
 * after React rendered the change and the browser laid out and painted it — the method the browser
 * test e2e/line-grid.spec.ts used when it asserted on timing. Each round types nine digits into the
 * quantity of the last and of the first line of each quote (60 ms between keys, as a fast typist);
 * one untimed warm-up round first. The typed values are checked through the quote's net total.
 *
 * Builds the web app into a temporary directory, starts the server on its own port with a fresh
 * data directory, drives Debian's headless Chromium, stops the server (helpers in ./harness.ts).
 *
 *   npx tsx bench/web/line-grid.ts [--rounds 5] [--port 3210]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  buildWeb,
  dismissChangelog,
  launchChromium,
  median,
  quantile,
  signUp,
  startServer,
  stopServer,
  waitForServer,
} from './harness.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, port: { type: 'string', default: '3210' } },
});
const ROUNDS = Number(values.rounds);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const SIZES = [10, 200] as const;
const TYPED = '123456789';
/** Every line: quantity 1 at 2,00 € (as in the browser test). */
const PRICE = 2n;

type Lat = { __lat: number[] };

/** Croatian money format of a whole number of euros: 493827552 → "493.827.552,00". */
const eur = (n: bigint) => `${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},00`;

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A new quote with `lines` lines pasted as tab-separated text, and the latency probe installed. */
async function openQuote(page: Page, lines: number): Promise<void> {
  await page.goto(`${BASE}/documents/quotes/new?lng=hr`);
  await page.getByTestId('document-title').waitFor();
  const rows = Array.from({ length: lines }, (_, k) => `\tStavka ${k + 1}\t1\tkom\t\t\t2,00`);
  await page.evaluate((text) => navigator.clipboard.writeText(text), rows.join('\n'));
  await page.getByLabel('Artikl, redak 1', { exact: true }).focus();
  await page.keyboard.press('Control+V');
  const net = eur(BigInt(lines) * PRICE);
  await until(`${lines} pasted lines`, async () => (await page.getByTestId('line-row').count()) === lines);
  await until(`net ${net}`, async () =>
    ((await page.getByTestId('total-net').textContent()) ?? '').includes(net),
  );
  await page.evaluate(() => {
    const w = window as unknown as Lat;
    w.__lat = [];
    document.addEventListener(
      'keydown',
      () => {
        const t0 = performance.now();
        requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t0), 0));
      },
      true,
    );
  });
}

/** Types TYPED into the quantity of one line; returns the latency of each typed key (ms). */
async function typeInto(page: Page, line: number): Promise<number[]> {
  const cell = page.getByLabel(`Količina, redak ${line}`, { exact: true });
  await cell.focus();
  await page.keyboard.press('Control+A');
  await page.waitForTimeout(100); // the select-all keys' frames are over before the probe is reset
  await page.evaluate(() => {
    (window as unknown as Lat).__lat = [];
  });
  await page.keyboard.type(TYPED, { delay: 60 });
  await until(`line ${line} = ${TYPED}`, async () => (await cell.inputValue()) === TYPED);
  await page.waitForTimeout(200); // the last key's frame
  const lat = await page.evaluate(() => (window as unknown as Lat).__lat);
  if (lat.length !== TYPED.length) throw new Error(`expected ${TYPED.length} keys, measured ${lat.length}`);
  return lat;
}

/** Both measured lines (first and last) hold TYPED: the net total says the typing reached the state. */
async function checkTotal(page: Page, lines: number): Promise<void> {
  const net = eur(BigInt(lines - 2) * PRICE + 2n * BigInt(TYPED) * PRICE);
  await until(`net ${net}`, async () =>
    ((await page.getByTestId('total-net').textContent()) ?? '').includes(net),
  );
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-bench-grid-'));
  const dist = join(dataDir, 'web');
  buildWeb(dist);
  const server = startServer(PORT, dataDir, dist);
  try {
    await waitForServer(BASE);
    const browser = await launchChromium();
    const context = await browser.newContext({
      locale: 'hr-HR',
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const pages = new Map<number, Page>();
    for (const size of SIZES) {
      const page = await context.newPage();
      if (pages.size === 0) {
        await signUp(page, BASE);
        await dismissChangelog(page, BASE);
      }
      await openQuote(page, size);
      pages.set(size, page);
    }
    const lat = new Map<number, number[]>(SIZES.map((s) => [s, []]));
    const perRound = new Map<number, number[]>(SIZES.map((s) => [s, []]));
    const loadBefore = loadavg();
    // Round 0 is the warm-up; the order of the sizes alternates from round to round.
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? [...SIZES] : [...SIZES].reverse();
      for (const size of order) {
        const page = pages.get(size) as Page;
        await page.bringToFront();
        const keys = [...(await typeInto(page, size)), ...(await typeInto(page, 1))];
        await checkTotal(page, size);
        if (round === 0) continue;
        lat.get(size)?.push(...keys);
        perRound.get(size)?.push(median(keys));
      }
    }
    const loadAfter = loadavg();
    const version = browser.version();
    await browser.close();

    const stats = (xs: number[]) => ({
      n: xs.length,
      med: median(xs),
      p95: quantile(xs, 0.95),
      max: Math.max(...xs),
    });
    const small = stats(lat.get(10) as number[]);
    const large = stats(lat.get(200) as number[]);
    const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
    console.log(
      `${new Date().toISOString()} · Node ${process.version} · Chromium ${version} · ` +
        `load average ${load(loadBefore)} (before) / ${load(loadAfter)} (after)`,
    );
    console.log(
      `${ROUNDS} rounds after one warm-up, sizes alternating; per size and round 2 × ${TYPED.length} keys`,
    );
    console.log('');
    console.log('| Quote | Keys | Median | p95 | Max |');
    console.log('|---|---|---|---|---|');
    for (const [label, s] of [
      ['10 lines', small],
      ['200 lines', large],
    ] as const) {
      console.log(`| ${label} | ${s.n} | ${ms(s.med)} | ${ms(s.p95)} | ${ms(s.max)} |`);
    }
    console.log(
      `| **200 / 10** | | **${ratio(large.med, small.med)}** | ${ratio(large.p95, small.p95)} | ${ratio(large.max, small.max)} |`,
    );
    console.log('');
    const rounds = (s: number) => (perRound.get(s) as number[]).map((x) => x.toFixed(0)).join(', ');
    console.log(`Median per round (ms): 10 lines ${rounds(10)}; 200 lines ${rounds(200)}`);
    const medOk = large.med < 100;
    const ratioOk = large.med / small.med < 2;
    console.log(
      `Target (issue 12): median at 200 lines < 100 ms: ${medOk ? 'met' : 'NOT met'} (${ms(large.med)}); ` +
        `ratio 200/10 of the medians < 2: ${ratioOk ? 'met' : 'NOT met'} (${ratio(large.med, small.med)})`,
    );
  } finally {
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
