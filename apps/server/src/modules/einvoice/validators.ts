import { execFile, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Test helper: runs e-invoices through the official validators shipped in
// `<repo>/../shared/hr-einvoice/validation` (XSD with xmllint, EN 16931 and HR CIUS schematron
// compiled to XSLT 2.0 with Saxon-HE). Many files per run: one xmllint per document type and
// schema, one JVM per stylesheet for the whole batch (Saxon's directory mode).

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const HR_EINVOICE_DIR = resolve(repoRoot, '../shared/hr-einvoice');
const VALIDATION = join(HR_EINVOICE_DIR, 'validation');
const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

/** XSDs per root element: the OASIS UBL 2.1 schema, then Porezna's with the HR extension. */
const SCHEMAS: Record<'Invoice' | 'CreditNote', string[]> = {
  Invoice: [
    join(VALIDATION, 'oasis-ubl-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd'),
    join(HR_EINVOICE_DIR, 'UBL2.1_eRacun/ubl/maindoc/UBL-Invoice-2.1.xsd'),
  ],
  CreditNote: [
    join(VALIDATION, 'oasis-ubl-2.1/xsd/maindoc/UBL-CreditNote-2.1.xsd'),
    join(HR_EINVOICE_DIR, 'UBL2.1_eRacun/ubl/maindoc/UBL-CreditNote-2.1.xsd'),
  ],
};
const STYLESHEETS = [
  { name: 'EN16931', path: join(VALIDATION, 'en16931/EN16931-UBL-validation.xslt') },
  { name: 'HR-CIUS', path: join(VALIDATION, 'HR-CIUS-EXT-EN16931-UBL.compiled.xslt') },
];

export type Failure = { source: 'XSD' | 'EN16931' | 'HR-CIUS'; id: string; text: string };
export type Report = { name: string; failures: Failure[] };

/** Whether the validators and their tools are present (xmllint, java, Saxon-HE, the rules). */
export function validatorsAvailable(): { ok: boolean; missing: string[] } {
  const missing: string[] = [];
  if (spawnSync('xmllint', ['--version']).status !== 0) missing.push('xmllint (libxml2-utils)');
  if (spawnSync('java', ['-version']).status !== 0) missing.push('java (default-jre-headless)');
  if (!existsSync(SAXON_JAR)) missing.push(`${SAXON_JAR} (libsaxonhe-java)`);
  for (const s of STYLESHEETS) if (!existsSync(s.path)) missing.push(s.path);
  return { ok: missing.length === 0, missing };
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The fatal failed asserts of an SVRL report (id and text). */
export function fatalAsserts(svrl: string, source: Failure['source']): Failure[] {
  const out: Failure[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1] ?? '';
    const flag = /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? 'fatal';
    if (flag !== 'fatal') continue;
    const id = /\bid="([^"]*)"/.exec(attrs)?.[1] ?? '?';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] ?? '')?.[1] ?? '';
    out.push({ source, id, text: decode(text).replace(/\s+/g, ' ').trim() });
  }
  return out;
}

function rootOf(xml: string): 'Invoice' | 'CreditNote' {
  return /<(?:\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000)) ? 'CreditNote' : 'Invoice';
}

/** Failures as readable lines for a test message. */
export const describeFailures = (reports: Report[]): string =>
  reports
    .filter((r) => r.failures.length > 0)
    .map((r) => `${r.name}:\n${r.failures.map((f) => `  ${f.source} ${f.id}: ${f.text}`).join('\n')}`)
    .join('\n');

/** Runs a tool without blocking the event loop; never rejects on a non-zero exit. */
function runTool(cmd: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (error && typeof (error as { code?: unknown }).code !== 'number') fail(error);
      else
        done({ code: error ? Number((error as { code?: unknown }).code) : 0, stderr: String(stderr ?? '') });
    });
  });
}

/**
 * Validates the given documents (name → XML): each gets the fatal failures of the XSDs, the EN
 * 16931 rules and the HR CIUS rules, in that order. xmllint and Java run as asynchronous child
 * processes, so a server answering other requests is not blocked while they run (received
 * eRačuni are validated on upload). Throws when a tool fails to run at all.
 */
export async function validateEInvoices(docs: Record<string, string>): Promise<Report[]> {
  const work = mkdtempSync(join(tmpdir(), 'einvoice-'));
  try {
    const inDir = join(work, 'in');
    mkdirSync(inDir);
    const names = Object.keys(docs);
    const fileOf = new Map(names.map((n, i) => [n, `doc${String(i).padStart(3, '0')}.xml`]));
    for (const n of names) writeFileSync(join(inDir, fileOf.get(n) as string), docs[n] as string);
    const failures = new Map<string, Failure[]>(names.map((n) => [fileOf.get(n) as string, []]));
    for (const root of ['Invoice', 'CreditNote'] as const) {
      const files = names
        .filter((n) => rootOf(docs[n] as string) === root)
        .map((n) => fileOf.get(n) as string);
      if (files.length === 0) continue;
      for (const schema of SCHEMAS[root]) {
        const run = await runTool('xmllint', [
          '--noout',
          '--schema',
          schema,
          ...files.map((f) => join(inDir, f)),
        ]);
        for (const line of run.stderr.split('\n')) {
          const m = /^(.*?\.xml):(\d+): (.*)$/.exec(line);
          if (!m) continue;
          const file = (m[1] as string).split('/').pop() as string;
          failures.get(file)?.push({ source: 'XSD', id: `line ${m[2]}`, text: (m[3] as string).trim() });
        }
      }
    }
    for (const sheet of STYLESHEETS) {
      const outDir = join(work, sheet.name);
      mkdirSync(outDir);
      const run = await runTool('java', [
        // The quick compiler only: one run compiles the stylesheet and checks a few documents, too
        // short for the optimising compiler to earn back its own CPU (half the CPU per run measured,
        // the same reports).
        '-XX:TieredStopAtLevel=1',
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        `-s:${inDir}`,
        `-xsl:${sheet.path}`,
        `-o:${outDir}`,
      ]);
      if (run.code !== 0) throw new Error(`${sheet.name} failed: ${run.stderr.slice(0, 500)}`);
      const produced = new Set(readdirSync(outDir));
      for (const file of failures.keys()) {
        if (!produced.has(file)) throw new Error(`${sheet.name} produced no report for ${file}`);
        const svrl = readFileSync(join(outDir, file), 'utf8');
        failures.get(file)?.push(...fatalAsserts(svrl, sheet.name as Failure['source']));
      }
    }
    return names.map((name) => ({ name, failures: failures.get(fileOf.get(name) as string) ?? [] }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
