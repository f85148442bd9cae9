// Compiles the server for production: `npm start` runs apps/server/dist/main.js with plain Node,
// not the TypeScript sources through tsx (tsx stays for `npm run dev`, the CLI and the tests).
//
// esbuild bundles the server's own code and the domain package (TypeScript sources, a workspace
// package) into ES modules; every npm dependency stays an ordinary import from node_modules.
// Two entry points: the server (dist/main.js) and the cutting optimiser's worker thread
// (dist/optimiser-worker.js), which optimiser-pool.ts starts instead of the TypeScript entry when
// the bundle says so (the banner below).
//
// A few modules find files beside their source (the SQL migrations, the KPD table, the web build,
// the e-invoice validators' directory) through import.meta.url / import.meta.dirname. In a bundle
// those would name dist/, so each such use is rewritten to the module's own source directory,
// relative to the bundle: the compiled server reads those files from the checkout it was built in,
// exactly as the TypeScript server does.
//
//   node scripts/build-server.mjs        (npm run build -w @erp/server; run by its prestart)
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'apps/server');
const outdir = join(server, 'dist');
const domainSrc = join(root, 'packages/domain/src');

/** Path from the output directory to `file`, as a URL path ("../src/db/migrate.ts"). */
const fromOut = (file) => relative(outdir, file).split('\\').join('/');

/** Rewrites import.meta.url / import.meta.dirname of our TypeScript sources to their source location. */
const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      let code = readFileSync(args.path, 'utf8');
      if (code.includes('import.meta.')) {
        const url = `new URL(${JSON.stringify(fromOut(args.path))}, import.meta.url).href`;
        const dir = `decodeURIComponent(new URL(${JSON.stringify(`${fromOut(dirname(args.path))}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`;
        code = code.replaceAll('import.meta.url', `(${url})`).replaceAll('import.meta.dirname', `(${dir})`);
      }
      return { contents: code, loader: 'ts' };
    });
  },
};

/** The domain package is TypeScript in the workspace: bundle it; every other package stays external. */
const workspaceDomain = {
  name: 'workspace-domain',
  setup(b) {
    b.onResolve({ filter: /^@erp\/domain(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@erp/domain'.length);
      return { path: sub ? join(domainSrc, `${sub.slice(1)}.ts`) : join(domainSrc, 'index.ts') };
    });
  },
};

const started = Date.now();
const result = await build({
  write: false,
  entryPoints: {
    main: join(server, 'src/main.ts'),
    'optimiser-worker': join(server, 'src/modules/cutting/optimiser-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [workspaceDomain, sourceLocation],
  // Tells optimiser-pool.ts where the compiled worker is (globalThis, read once at its import).
  banner: {
    js: "globalThis.__erpCompiledOptimiser = new URL('./optimiser-worker.js', import.meta.url).href;",
  },
});
// Each file is written beside its place and renamed over it: a server started from an earlier build
// (the browser tests, a benchmark) never reads a half-written worker bundle.
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
console.log(`server compiled into ${relative(root, outdir)} in ${Date.now() - started} ms`);
