import { expect, type Page, test } from './support/fixtures.ts';

/** True when the page can be scrolled sideways (the 375 px layout must never need it). */
async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test.describe('landing page (hr)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/landing?lng=hr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Od ponude do otpremnice, bez izgubljenog komada materijala',
    );
  });

  test('header navigation links to the sections, contact and auth', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Glavna navigacija' });
    await expect(nav.getByRole('link', { name: 'Mogućnosti' })).toHaveAttribute('href', '#features');
    await expect(nav.getByRole('link', { name: 'Cijene' })).toHaveAttribute('href', '#pricing');
    await expect(nav.getByRole('link', { name: 'Resursi' })).toHaveAttribute('href', '#resources');
    await expect(nav.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/contact');
    await expect(nav.getByRole('link', { name: 'Prijava' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Započnite' })).toHaveAttribute('href', '/auth?mode=signup');
    // The anchors have targets on the page.
    for (const id of ['features', 'pricing', 'resources']) await expect(page.locator(`#${id}`)).toBeVisible();
  });

  test('hero has both buttons and the trial note', async ({ page }) => {
    const hero = page.getByTestId('landing-hero');
    await expect(hero.getByRole('link', { name: 'Registrirajte se besplatno' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    await expect(hero.getByRole('link', { name: 'Prijavite se' })).toHaveAttribute('href', '/auth');
    await expect(page.getByTestId('trial-note')).toHaveText(
      '14 dana besplatno · bez kreditne kartice · otkažite kad god želite',
    );
  });

  test('six features, four benefits, industries with six tags and four features', async ({ page }) => {
    const features = page.getByTestId('landing-features');
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Radni nalozi i ponude',
      'Skladište na više lokacija',
      'Proizvodi i sastavnice',
      'Otpremnice',
      'Klijenti',
      'Dobavljači',
    ]);
    await expect(page.getByTestId('landing-benefits').getByRole('heading', { level: 3 })).toHaveText([
      'Automatizacija',
      'Sigurnost',
      'Modularnost',
      'Brzo uvođenje',
    ]);
    const industries = page.getByTestId('landing-industries');
    await expect(industries.getByTestId('industry-tag')).toHaveText([
      'Staklo',
      'Drvo',
      'PVC/ALU',
      'Metal',
      'Plastika',
      'Tekstil',
    ]);
    await expect(industries.getByRole('heading', { level: 3 })).toHaveText([
      'Krojne liste i manje otpada',
      'Sljedivost od sirovine do proizvoda',
      'Kontrola kvalitete',
      'CNC i CAD/CAM integracije',
    ]);
  });

  test('enterprise list, metric labels, pricing, resources and closing call to action', async ({ page }) => {
    await expect(page.getByTestId('landing-enterprise').getByRole('listitem')).toHaveText([
      'Zasebna PostgreSQL baza podataka za svakog klijenta',
      'Potpuna izolacija podataka od drugih tvrtki',
      'Jednostavnija usklađenost s GDPR-om',
      'Neovisna sigurnosna kopija, oporavak i skaliranje',
    ]);
    await expect(page.getByTestId('landing-metrics').locator('dt')).toHaveText([
      'Dostupnost',
      'Enkripcija',
      'Sigurnost na razini redaka',
      'Revizijski tragovi',
    ]);
    await expect(page.getByTestId('landing-pricing').getByRole('heading', { level: 3 })).toHaveText([
      'Besplatna proba',
      'Enterprise',
    ]);
    await expect(page.getByTestId('landing-resources').getByRole('heading', { level: 3 })).toHaveCount(3);
    const cta = page.getByTestId('landing-cta').getByRole('link', { name: 'Započnite besplatnu probu' });
    await expect(cta).toHaveAttribute('href', '/auth?mode=signup');
  });

  test('footer copyright carries the current year', async ({ page }) => {
    const year = new Date().getFullYear();
    await expect(page.getByTestId('copyright')).toHaveText(`© ${year} Pogon ERP. Sva prava pridržana.`);
  });

  test('the copyright year is computed, not written into the page', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-15T10:00:00Z'));
    await page.reload();
    await expect(page.getByTestId('copyright')).toHaveText('© 2031 Pogon ERP. Sva prava pridržana.');
  });

  test('get started opens the auth screen in sign-up mode', async ({ page }) => {
    await page.getByTestId('hero-get-started').click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByLabel('Ime i prezime')).toBeVisible();
    await expect(page.getByLabel('Potvrdite lozinku')).toBeVisible();
  });

  test('sign in and contact links navigate', async ({ page }) => {
    await page.getByTestId('hero-sign-in').click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prijava');
    await page.goto('/landing');
    await page
      .getByRole('navigation', { name: 'Glavna navigacija' })
      .getByRole('link', { name: 'Kontakt' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  });
});

test('?lng=en shows the English landing copy and keeps it', async ({ page }) => {
  await page.goto('/landing?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'From quote to delivery note, without losing a scrap of material',
  );
  await expect(page.getByTestId('trial-note')).toHaveText('14 days free · no credit card · cancel anytime');
  await expect(page.getByTestId('landing-industries').getByTestId('industry-tag').first()).toHaveText(
    'Glass',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Without the query string the cached choice still applies.
  await page.goto('/landing');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' }),
  ).toBeVisible();
});

test.describe('375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('landing, auth and contact fit without horizontal scroll', async ({ page }) => {
    for (const path of ['/landing?lng=hr', '/auth?mode=signup', '/auth', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await hasHorizontalScroll(page), path).toBe(false);
    }
  });

  test('the header collapses into a menu that holds the navigation', async ({ page }) => {
    await page.goto('/landing?lng=hr');
    const nav = page.getByRole('navigation', { name: 'Glavna navigacija' });
    await expect(nav.getByRole('link', { name: 'Cijene' })).toBeHidden();
    await page.getByRole('button', { name: 'Otvori izbornik' }).click();
    const menu = page.locator('#landing-mobile-menu');
    await expect(menu.getByRole('link', { name: 'Cijene' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Započnite' })).toHaveAttribute('href', '/auth?mode=signup');
    await menu.getByRole('link', { name: 'Cijene' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
  });
});
