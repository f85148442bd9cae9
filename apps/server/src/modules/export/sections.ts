import type { ExportSection } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { decryptField } from '../../security/field-crypto.ts';
import {
  closeSectionCursor,
  fetchSectionRows,
  openSectionCursor,
  SECTIONS,
  type SectionData,
  setSectionTextOutput,
} from './sections.repo.ts';

/** Masks a sensitive value for roles that may not read it: the last three characters stay. */
export function maskValue(value: string | null): string | null {
  if (value === null || value === '') return value;
  return `${'•'.repeat(Math.max(value.length - 3, 3))}${value.slice(-3)}`;
}

/** Rows fetched from the cursor at a time: memory holds one batch, progress moves per batch. */
export const SECTION_BATCH = 1000;

/**
 * Reads one section in the caller's transaction (row-level security limits it to the company) in
 * batches from a server-side cursor, so a section of any size never sits in memory as a whole.
 * Values come as PostgreSQL text (exact decimals, UTC timestamps); `plainSensitive` decides
 * whether OIB-like columns are written in plain text or masked.
 */
export async function* sectionBatches(
  tx: Tx,
  section: ExportSection,
  opts: { plainSensitive: boolean; batchSize?: number },
): AsyncGenerator<(string | null)[][]> {
  const def = SECTIONS[section];
  const size = Math.max(1, Math.floor(opts.batchSize ?? SECTION_BATCH));
  await setSectionTextOutput(tx);
  const cursor = await openSectionCursor(tx, section);
  try {
    for (;;) {
      const raw = await fetchSectionRows(tx, cursor, size);
      if (raw.length > 0)
        yield raw.map((r) =>
          def.columns.map((c, i) => {
            const value = r[`c${i}`];
            const v = value === null || value === undefined ? null : String(value);
            const plain = c.encrypted ? decryptField(v, c.encrypted) : v;
            return c.sensitive && !opts.plainSensitive ? maskValue(plain) : plain;
          }),
        );
      if (raw.length < size) break;
    }
  } finally {
    await closeSectionCursor(tx, cursor);
  }
}

/** One section read whole (small sections, tests): the same cursor, collected. */
export async function readSection(
  tx: Tx,
  section: ExportSection,
  opts: { plainSensitive: boolean },
): Promise<SectionData> {
  const rows: (string | null)[][] = [];
  for await (const batch of sectionBatches(tx, section, opts)) rows.push(...batch);
  return { columns: SECTIONS[section].columns, rows };
}
