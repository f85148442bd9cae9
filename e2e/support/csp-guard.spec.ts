import { expect, test } from './fixtures.ts';

// The guard itself: an inline script injected into a served page is blocked by the CSP, and the
// guard records it (then the list is emptied so this one test passes).
test('the CSP guard records a violation the page reports', async ({ page, cspViolations }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join('\n')).toContain('script-src');
  expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  cspViolations.length = 0;
});
