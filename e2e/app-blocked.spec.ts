import { admin, dismissChangelog, newAccount, SCREENSHOTS, signUpViaApi } from './support/app.ts';
import { expect, type Page, test } from './support/fixtures.ts';

/** Drags a game card onto the workflow zone with the keyboard (Space, arrow, Space). */
async function dropWithKeyboard(page: Page, type: string) {
  await page.getByTestId(`game-card-${type}`).focus();
  await page.keyboard.press('Space');
  // The sensor starts listening for keys on the next tick.
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(100);
  await page.keyboard.press('Space');
}

test.describe('blocked account', () => {
  test('blocking replaces the app live, unblocking brings it back', async ({ page }) => {
    const account = newAccount('blocked');
    await signUpViaApi(page, account);
    await dismissChangelog(page);
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    // A marker on window proves nothing reloads the page.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });

    await admin('block', account.email);
    await expect(page.getByTestId('blocked-screen')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Račun privremeno nije dostupan');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Osvježi' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Igra' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Odjavi se' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.screenshot({ path: `${SCREENSHOTS}/blocked-screen.png` });

    // Still blocked after a reload (status read at load).
    await page.reload();
    await expect(page.getByTestId('blocked-screen')).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 43;
    });
    await admin('unblock', account.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(43);
  });

  test('sign-out on the blocked screen goes to /auth', async ({ page }) => {
    const account = newAccount('blocked-out');
    await signUpViaApi(page, account);
    await admin('block', account.email);
    await page.goto('/');
    await expect(page.getByTestId('blocked-screen')).toBeVisible();
    await page.getByRole('button', { name: 'Odjavi se' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('the workflow game: scoring, penalty, bonus, next level and Nova Igra', async ({ page }) => {
    const account = newAccount('game');
    await signUpViaApi(page, account);
    await admin('block', account.email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Igra' }).click();
    const score = page.getByTestId('game-score');
    const level = page.getByTestId('game-level');
    await expect(score).toHaveText('0');
    await expect(level).toHaveText('1');
    await expect(page.getByTestId('game-time')).toHaveText(/^(60|59|58)$/);

    // Wrong first card: no points to lose, the score stays at 0.
    await dropWithKeyboard(page, 'nalog');
    await expect(page.getByTestId('game-feedback')).toHaveText('Pogrešan redoslijed: −50 bodova.');
    await expect(score).toHaveText('0');

    await dropWithKeyboard(page, 'ponuda');
    await expect(score).toHaveText('100');
    await expect(page.getByTestId('game-card-ponuda')).toHaveCount(0);
    await dropWithKeyboard(page, 'otpremnica');
    await expect(score).toHaveText('50');
    await dropWithKeyboard(page, 'nalog');
    await expect(score).toHaveText('150');
    await dropWithKeyboard(page, 'otpremnica');
    await expect(score).toHaveText('250');
    await page.screenshot({ path: `${SCREENSHOTS}/game.png` });
    await dropWithKeyboard(page, 'racun');
    // 4th correct: +100 and the level bonus of 500 × 1.
    await expect(score).toHaveText('850');
    await expect(level).toHaveText('2');
    await expect(page.getByTestId('game-time')).toHaveText(/^(60|59)$/);
    await dropWithKeyboard(page, 'ponuda');
    await expect(score).toHaveText('1050');

    await page.getByRole('button', { name: 'Nova Igra' }).click();
    await expect(score).toHaveText('0');
    await expect(level).toHaveText('1');
    await expect(page.getByTestId('game-card-ponuda')).toBeVisible();
  });

  test('the round ends when the timer reaches zero', async ({ page }) => {
    await page.clock.install();
    const account = newAccount('game-time');
    await signUpViaApi(page, account);
    await admin('block', account.email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Igra' }).click();
    await dropWithKeyboard(page, 'ponuda');
    await expect(page.getByTestId('game-score')).toHaveText('100');
    await page.clock.runFor(61_000);
    await expect(page.getByText('Vrijeme je isteklo!')).toBeVisible();
    await expect(page.getByTestId('game-final-score')).toHaveText('Osvojeni bodovi: 100');
    await expect(page.getByTestId('game-card-nalog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Nova Igra' }).last().click();
    await expect(page.getByTestId('game-time')).toHaveText('60');
    await expect(page.getByTestId('game-score')).toHaveText('0');
  });
});
