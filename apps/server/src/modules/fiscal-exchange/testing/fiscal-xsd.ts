import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HR_EINVOICE_DIR } from '../../einvoice/validators.ts';

// Test helper: checks a Fiskalizacija 2.0 request against Porezna's XSD with xmllint. Both schemas
// import `xmldsig-core-schema.xsd` from their own folder, where Porezna did not ship it; the W3C
// schema shipped with the CIS material is copied beside them in a temporary folder.

const SCHEMAS = {
  fis: join(HR_EINVOICE_DIR, 'eFiskalizacijaSchema/eFiskalizacijaSchema.xsd'),
  eiz: join(HR_EINVOICE_DIR, 'eIzvjestavanjeSchema/eIzvjestavanjeSchema.xsd'),
};
const XMLDSIG = join(HR_EINVOICE_DIR, 'b2c-fiscalisation-cis/schema/xmldsig-core-schema.xsd');

/** Which schema a request (or answer) belongs to, by its root's namespace. */
export function schemaOf(xml: string): 'fis' | 'eiz' {
  return xml.includes('types/eFiskalizacija"') && /<(\w+:)?EvidentirajERacun/.test(xml) ? 'fis' : 'eiz';
}

/** xmllint's complaints about `xml` (empty when it is valid). */
export function xsdErrors(xml: string, schema: 'fis' | 'eiz' = schemaOf(xml)): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-xsd-'));
  try {
    const xsd = join(dir, 'schema.xsd');
    copyFileSync(SCHEMAS[schema], xsd);
    copyFileSync(XMLDSIG, join(dir, 'xmldsig-core-schema.xsd'));
    const file = join(dir, 'message.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
    if (run.status === 0) return [];
    return (run.stderr ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.endsWith('validates') && !l.endsWith('fails to validate'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The request element inside a SOAP envelope (the first child of Body), as text. */
export function soapBody(envelope: string): string | null {
  const m = /<(?:[\w-]+:)?Body[^>]*>([\s\S]*)<\/(?:[\w-]+:)?Body>/.exec(envelope);
  return m?.[1]?.trim() ?? null;
}
