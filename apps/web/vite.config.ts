import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
