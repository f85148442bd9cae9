import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES_DIR = join(import.meta.dirname, '../../public/locales');
export const LANGS = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;

type Tree = { [key: string]: string | Tree };

export function namespaces(): string[] {
  return readdirSync(join(LOCALES_DIR, 'hr'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export function readLocale(lng: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')) as Tree;
}

/** Flattens a translation tree into `a.b.c` → text. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Plural variants differ per language (hr has one/few/other, en one/other): compare their base keys. */
export function baseKey(key: string): string {
  return key.replace(PLURAL, '');
}

export function pluralCategory(key: string): string | null {
  return PLURAL.exec(key)?.[1] ?? null;
}

export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] as string).sort();
}
