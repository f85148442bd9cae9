// Runs before the app bundle so the page never flashes the wrong theme (kept tiny and dependency-free).
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const system = matchMedia('(prefers-color-scheme: dark)').matches;
    const dark = stored === 'dark' || ((!stored || stored === 'system') && system);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage can be unavailable (privacy mode); the app applies the theme again once it starts.
  }
})();
