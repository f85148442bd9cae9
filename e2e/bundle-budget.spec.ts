import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryKey, gzippedBytes, readManifest, staticGraph } from './support/bundle-budget.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The JavaScript budget (issue 21), checked on the build this suite serves (playwright.config.ts builds
 * the web app into E2E_DATA_DIR/web): gzipped JS of the prerendered landing page at most 80 kB, of the
 * first signed-in screen (the app, its shell and the dashboard, whose chart is plain SVG) at most
 * 200 kB. The heavy libraries (charts, the line grid, the cutting canvas) stay out of that screen.
 */
const DIST = join(process.env.E2E_DATA_DIR as string, 'web');
const KB = 1024;

test.describe('bundle budget (build manifest)', () => {
  test('the landing page loads only its own small script, within 80 kB gzipped', async () => {
    const manifest = readManifest(DIST);
    const files = staticGraph(manifest, [entryKey(manifest, 'landing-enhance')]);
    const html = readFileSync(join(DIST, 'prerendered', 'landing.hr.html'), 'utf8');
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(files.slice(0, 1));
    expect(html).not.toContain('modulepreload');
    const size = gzippedBytes(DIST, files);
    test.info().annotations.push({ type: 'landing gzipped JS', description: `${(size / KB).toFixed(1)} kB` });
    expect(size).toBeLessThanOrEqual(80 * KB);
  });

  test('the first signed-in screen is within 200 kB gzipped, charts and editors load later', async () => {
    const manifest = readManifest(DIST);
    const files = staticGraph(manifest, [
      'index.html',
      'src/features/shell/app-layout.tsx',
      'src/features/dashboard/dashboard-page.tsx',
    ]);
    const size = gzippedBytes(DIST, files);
    test
      .info()
      .annotations.push({ type: 'signed-in gzipped JS', description: `${(size / KB).toFixed(1)} kB` });
    expect(size).toBeLessThanOrEqual(200 * KB);
    // The heavy parts are chunks of their own, reached only by the screens that use them: the chart
    // library (client analytics, supplier performance), the cutting page with its canvas, the document
    // editors with the line grid.
    for (const heavy of [
      'src/features/clients/client-analytics.tsx',
      'src/features/suppliers/supplier-performance.tsx',
      'src/features/cutting/cutting-page.tsx',
      'src/features/documents/documents-pages.tsx',
    ]) {
      expect(manifest[heavy], heavy).toBeDefined();
      expect(files, heavy).not.toContain(manifest[heavy]?.file);
    }
    const firstScreen = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    expect(firstScreen, 'recharts on the first screen').not.toContain('recharts-wrapper');
    const lineGrid = Object.keys(manifest).find((k) => k.startsWith('_line-grid'));
    expect(lineGrid, 'the line grid is a chunk of its own').toBeDefined();
    expect(files).not.toContain(manifest[lineGrid as string]?.file);
  });
});
