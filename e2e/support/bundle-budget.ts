import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (.vite/manifest.json). */
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The JS files a page loads before anything lazy: the given chunks (entries, or the lazy pages the
 * route renders at once) and everything they import statically, each once.
 */
export function staticGraph(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => (manifest[key] as ManifestChunk).file).filter((f) => f.endsWith('.js'));
}

/** Bytes of the files gzipped at level 9 (what a pre-compressing server sends), as bench/web/measure.ts counts. */
export function gzippedBytes(dist: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

/** The manifest key of the entry chunk named `name` (a rollup input, e.g. "landing-enhance"). */
export function entryKey(manifest: Manifest, name: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry && manifest[k]?.name === name);
  if (!key) throw new Error(`no entry ${name} in the build manifest`);
  return key;
}
