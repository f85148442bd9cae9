import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Renders a PDF's first page to a PNG for the README (headless Chromium downloads PDFs rather than
 * showing them). Uses poppler's pdftoppm, which scripts/ensure-validators.sh installs. Returns the
 * PNG's size in bytes.
 */
export async function pdfFirstPageToPng(pdf: Buffer, pngPath: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'erp-pdf-png-'));
  try {
    const input = join(dir, 'page.pdf');
    writeFileSync(input, pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      input,
      pngPath.replace(/\.png$/, ''),
    ]);
    return statSync(pngPath).size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
