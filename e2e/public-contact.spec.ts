import { expect, test } from './support/fixtures.ts';

type PublicConfig = { contact: { email: string; phone: string; city: string } };

test('contact page shows the configured email, phone and city, and the working hours', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/config');
  expect(res.ok()).toBe(true);
  const { contact } = (await res.json()) as PublicConfig;
  expect(contact.email).toContain('@');

  await page.goto('/contact?lng=hr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  await expect(page).toHaveTitle('Kontakt · Pogon ERP');
  await expect(page.getByTestId('contact-email')).toHaveText(contact.email);
  await expect(page.getByTestId('contact-email').getByRole('link')).toHaveAttribute(
    'href',
    `mailto:${contact.email}`,
  );
  await expect(page.getByTestId('contact-phone')).toHaveText(contact.phone);
  await expect(page.getByTestId('contact-location')).toHaveText(contact.city);
  await expect(page.getByTestId('contact-hours')).toHaveText('Ponedjeljak – petak, 9:00-17:00');

  await page.getByRole('link', { name: 'Natrag na početnu' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('without a configured answer the page still shows the default city and the hours', async ({ page }) => {
  await page.route('**/api/config', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/contact?lng=en');
  await expect(page.getByTestId('contact-location')).toHaveText('Zagreb, Croatia');
  await expect(page.getByTestId('contact-hours')).toHaveText('Monday – Friday, 9:00-17:00');
  await expect(page.getByTestId('contact-email')).toHaveText(/Loading...|Currently unavailable/);
});
