import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * Every browser test fails when a page reports a Content-Security-Policy violation (issue 11). Specs
 * import `test` and `expect` from here instead of '@playwright/test'; the types pass through.
 *
 * An init script forwards the page's `securitypolicyviolation` events to the console with a mark;
 * Chromium's own "Refused to …" console errors count too. Contexts the test opens itself
 * (`browser.newContext()`) are watched as well.
 */
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
export { expect };

const MARK = '[csp-violation]';

async function watch(context: BrowserContext, found: string[]): Promise<void> {
  await context.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
      console.error(`${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}${where}`);
    });
  }, MARK);
  context.on('console', (message) => {
    const text = message.text();
    const refused = message.type() === 'error' && /Content Security Policy/i.test(text);
    if (text.startsWith(MARK) || refused) found.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const found: string[] = [];
      await watch(context, found);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        await watch(created, found);
        return created;
      };
      await use(found);
      browser.newContext = newContext;
      expect(found, 'Content-Security-Policy violations reported by the pages').toEqual([]);
    },
    { auto: true },
  ],
});
