import { quoteInputSchema, workOrderInputSchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import { headerOf, quoteHeaderSchema, workOrderHeaderSchema } from './document-header.ts';

// The document header is checked with its route's body schema (less the lines, which the grid holds).
const LOC = '0b7c3c9e-52a4-4a55-9f0e-3d1f7b1c2a10';

describe('document header form', () => {
  it("a quote's header: empty choices are none, the work order's fields stay out, the route accepts it", () => {
    const typed = { ...headerOf(null), valid_until: '2026-12-31', due_date: '2026-12-01', note: ' Hitno ' };
    const head = quoteHeaderSchema.parse(typed);
    expect(head).toEqual({ client_id: null, valid_until: '2026-12-31', rush: false, note: 'Hitno' });
    expect(quoteInputSchema.safeParse({ ...head, lines: [] }).success).toBe(true);
  });

  it("a work order's header carries its locations and due date", () => {
    const head = workOrderHeaderSchema.parse({
      ...headerOf(null),
      source_location_id: LOC,
      due_date: '2026-12-01',
      rush: true,
    });
    expect(head).toMatchObject({ source_location_id: LOC, output_location_id: null, due_date: '2026-12-01' });
    expect(workOrderInputSchema.safeParse({ ...head, lines: [] }).success).toBe(true);
  });

  it("a bad date or location is named at its field with the route's key", async () => {
    const issues = await validateForm(workOrderHeaderSchema, {
      ...headerOf(null),
      doc_date: '2026-02-30x',
      output_location_id: 'skladište',
    });
    expect(issues.map((i) => i.path)).toEqual(['doc_date', 'output_location_id']);
    expect(issues.every((i) => i.message.startsWith('validation.'))).toBe(true);
  });
});
