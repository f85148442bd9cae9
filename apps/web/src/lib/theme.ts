export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'theme';
const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

export function storedTheme(): Theme {
  const v = localStorage.getItem(THEME_KEY);
  return THEMES.includes(v as Theme) ? (v as Theme) : 'system';
}

function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
  applyTheme(theme);
  window.dispatchEvent(new Event('theme-changed'));
}

/** Follows the system setting live while the user has chosen "system". */
export function initTheme(): void {
  applyTheme(storedTheme());
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedTheme() === 'system') applyTheme('system');
  });
}
