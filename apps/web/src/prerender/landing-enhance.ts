// The only script of the prerendered landing page (build/prerender-plugin.ts): the page is complete
// HTML already, so instead of loading React it wires the few things that need JavaScript.
//  - A signed-in visitor goes to the dashboard (the public pages are for signed-out visitors).
//  - Language: the server chose this page's language from ?lng, the `i18next` cookie or the browser's
//    languages; the choice is stored where the app's language detector looks (localStorage and the
//    cookie), a stored choice the server could not see (localStorage only) loads that language's page,
//    and the picker loads the page in the chosen language.
//  - The mobile menu opens and closes; following an anchor closes it.
//  - The copyright line shows the visitor's current year, not the year of the build.
// No imports: this file is its own small chunk, sharing nothing with the signed-in app.

const LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'];
const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

const supported = (value: string | null | undefined): string | null => {
  const lng = (value ?? '').slice(0, 2).toLowerCase();
  return LANGUAGES.includes(lng) ? lng : null;
};

function cookieLanguage(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)i18next=([^;]*)/);
  return supported(match?.[1] ? decodeURIComponent(match[1]) : null);
}

function storedLanguage(): string | null {
  try {
    return supported(localStorage.getItem(STORAGE_KEY)) ?? supported(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function remember(lng: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // storage blocked: the cookie still carries the choice
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, the same the app's detector writes
  document.cookie = `${COOKIE}=${lng}; path=/; max-age=31536000; SameSite=Lax`;
}

function open(lng: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('lng', lng);
  window.location.replace(url.href);
}

function language(): void {
  const page = supported(document.documentElement.lang) ?? 'hr';
  const query = supported(new URL(window.location.href).searchParams.get('lng'));
  if (query) {
    // The server served ?lng itself; remembering it makes the next visit without it the same.
    remember(query);
  } else {
    // The detector's order after the query string: the cookie (which the server saw), then the
    // stores only the browser sees.
    const wanted = cookieLanguage() ?? storedLanguage();
    if (wanted && wanted !== page) {
      open(wanted);
      return;
    }
  }
  for (const picker of document.querySelectorAll<HTMLSelectElement>(
    'select[data-testid="language-picker"]',
  )) {
    picker.value = page;
    picker.addEventListener('change', () => {
      const chosen = supported(picker.value);
      if (!chosen) return;
      remember(chosen);
      open(chosen);
    });
  }
}

function menu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="landing-menu-button"]');
  const panel = document.getElementById('landing-mobile-menu');
  if (!button || !panel) return;
  const set = (expanded: boolean) => {
    panel.hidden = !expanded;
    button.setAttribute('aria-expanded', String(expanded));
    button.setAttribute('aria-label', button.dataset[expanded ? 'labelClose' : 'labelOpen'] ?? '');
    for (const icon of button.querySelectorAll<HTMLElement>('[data-menu-icon]')) {
      icon.toggleAttribute('hidden', (icon.dataset.menuIcon === 'close') !== expanded);
    }
  };
  button.addEventListener('click', () => set(panel.hidden));
  window.addEventListener('hashchange', () => set(false));
}

function copyrightYear(): void {
  const line = document.querySelector<HTMLElement>('[data-testid="copyright"][data-year]');
  const built = line?.dataset.year;
  const now = String(new Date().getFullYear());
  if (line && built && built !== now) {
    line.textContent = (line.textContent ?? '').replace(built, now);
    line.dataset.year = now;
  }
}

async function signedIn(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
    if (!res.ok) return false;
    const body = (await res.json()) as { user?: unknown } | null;
    return Boolean(body?.user);
  } catch {
    return false;
  }
}

language();
menu();
copyrightYear();
void signedIn().then((yes) => {
  if (yes) window.location.replace('/');
});
