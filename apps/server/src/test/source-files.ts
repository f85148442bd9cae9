import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file below `dir` that is not a test, sorted (the rule tests scan these). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out.sort();
}
