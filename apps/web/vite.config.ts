import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LANDING_ENTRY, prerenderPlugin } from './build/prerender-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPlugin()],
  resolve: {
    // zod with its CSP-safe setting, loaded by the screens that use it (src/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    // The signed-in app and the public pages are separate lazy chunks; keep source maps out of the bundle.
    sourcemap: false,
    // Old hashed chunks stay: a build while a browser (or an e2e run) has the app open must not
    // pull the chunks that already-loaded pages will still import. CI builds from a clean checkout.
    emptyOutDir: false,
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: the bundle budget (e2e/bundle-budget.spec.ts) follows its import graph.
    manifest: true,
    rollupOptions: {
      // The app, and the prerendered landing page's own small script (build/prerender-plugin.ts).
      input: { main: 'index.html', [LANDING_ENTRY]: 'src/prerender/landing-enhance.ts' },
    },
  },
});
