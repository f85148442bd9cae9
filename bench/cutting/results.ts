// Rewrites the marked 2D section of bench/cutting/RESULTS.md, leaving the rest of the file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, 'RESULTS.md');
const TITLES: Record<string, string> = {
  '2d': '## 2D guillotine: 500 classic instances (Berkey–Wang, Martello–Vigo)',
};

export function writeSection(name: '2d', body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(FILE)
    ? readFileSync(FILE, 'utf8')
    : '# Cutting benchmark results\n\nMeasured on the project machine (2 cores, Node 20). See README.md for the commands.\n\n<!-- 2d:start -->\n<!-- 2d:end -->\n';
  const block = `${start}\n${TITLES[name]}\n\n${body}\n${end}`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  text = a >= 0 && b > a ? text.slice(0, a) + block + text.slice(b + end.length) : `${text}\n${block}\n`;
  writeFileSync(FILE, text);
}
