// Prerenders the public pages at build time (issue 21: they paint before any JavaScript runs).
//
// After the client build has written its files, this plugin builds src/prerender/render.tsx as a
// server-side bundle, renders the landing page, the sign-in and sign-up screens and the contact page
// in each of the six languages with React's renderToString, and writes them beside index.html as
// `prerendered/<page>.<lng>.html`. The server (apps/server/src/http/prerendered.ts) answers
// /landing, /auth and /contact with the file of the visitor's language.
//
// - The landing page is a finished document: it keeps the stylesheet and theme script of index.html,
//   drops the app's scripts and module preloads, and loads only src/prerender/landing-enhance.ts (a
//   small chunk of its own: menu, language, current year, signed-in redirect).
// - Sign-in/sign-up and contact keep the app: the prerendered copy sits in `#prerendered` before the
//   empty `#root`, and the app takes over what was typed and removes it once it has rendered its own
//   page (hand-over.ts); until then the copy's form cannot be sent.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
const NAMESPACES = ['common', 'app', 'public'] as const;
/** The landing page's own entry (rollup input name in vite.config.ts). */
export const LANDING_ENTRY = 'landing-enhance';

type RenderModule = {
  PRERENDERED_PAGES: string[];
  renderPage(
    page: string,
    lng: string,
    resources: Record<string, Record<string, unknown>>,
  ): Promise<{ html: string; title: string }>;
};

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** index.html with the page's language, title and body; the landing page gets its own script. */
export function pageDocument(
  template: string,
  opts: { lng: string; title: string; html: string; landingScript: string | null },
): string {
  let doc = template
    .replace(/<html lang="[^"]*"/, `<html lang="${opts.lng}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(opts.title)}</title>`);
  if (opts.landingScript) {
    doc = doc
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        '</head>',
        `  <script type="module" crossorigin src="${opts.landingScript}"></script>\n  </head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${opts.html}</div>`);
  } else {
    doc = doc.replace(
      '<div id="root"></div>',
      `<div id="prerendered">${opts.html}</div><div id="root"></div>`,
    );
  }
  if (!doc.includes(opts.html)) throw new Error('prerender: index.html has no <div id="root"></div>');
  return doc;
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'erp-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const landing = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.isEntry && c.name === LANDING_ENTRY,
      );
      if (!landing) throw new Error(`prerender: the build has no ${LANDING_ENTRY} entry`);
      const landingScript = `${config.base}${landing.fileName}`;
      // Inside the repository, so the bundle's imports of react, i18next ... resolve from node_modules.
      const ssrDir = join(
        config.root,
        '../../node_modules/.cache',
        `erp-prerender-${process.pid}-${Date.now()}`,
      );
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: config.resolve.alias },
          ssr: { noExternal: ['@erp/domain'] },
          build: {
            ssr: 'src/prerender/render.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: 'render.js', format: 'es' } },
          },
        });
        const render = (await import(pathToFileURL(join(ssrDir, 'render.js')).href)) as RenderModule;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        for (const lng of LANGUAGES) {
          const resources = {
            [lng]: Object.fromEntries(
              NAMESPACES.map((ns) => [
                ns,
                JSON.parse(readFileSync(join(config.root, 'public/locales', lng, `${ns}.json`), 'utf8')),
              ]),
            ),
          };
          for (const page of render.PRERENDERED_PAGES) {
            const { html, title } = await render.renderPage(page, lng, resources);
            const doc = pageDocument(template, {
              lng,
              title,
              html,
              landingScript: page === 'landing' ? landingScript : null,
            });
            writeFileSync(join(outDir, 'prerendered', `${page}.${lng}.html`), doc);
          }
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
