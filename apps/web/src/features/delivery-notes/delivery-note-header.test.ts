import { deliveryNoteInputSchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import {
  chosenParties,
  deliveryNoteHeaderSchema,
  EMPTY_DELIVERY_NOTE_HEADER,
} from './delivery-note-header.ts';

// The new delivery note's header is checked with the route's body schema (less the lines).
const CLIENT = '5d2f0c1e-8a7b-4c3d-9e1f-2a3b4c5d6e7f';
const OTHER = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LOC = '0b7c3c9e-52a4-4a55-9f0e-3d1f7b1c2a10';
const WO = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('delivery note header form', () => {
  it("the work order's client and output location fill in what the user has not chosen", () => {
    const fromOrder = { ...EMPTY_DELIVERY_NOTE_HEADER, order_client_id: CLIENT, order_location_id: LOC };
    expect(chosenParties(fromOrder)).toEqual({ client_id: CLIENT, source_location_id: LOC });
    expect(chosenParties({ ...fromOrder, client_id: OTHER })).toEqual({
      client_id: OTHER,
      source_location_id: LOC,
    });
  });

  it('empty texts are none, an empty date is left out; the route accepts the body', () => {
    const head = deliveryNoteHeaderSchema.parse({
      ...EMPTY_DELIVERY_NOTE_HEADER,
      work_order_id: WO,
      order_client_id: CLIENT,
      source_location_id: LOC,
      note: ' ',
    });
    expect(head).toEqual({
      client_id: CLIENT,
      source_location_id: LOC,
      work_order_id: WO,
      delivery_address: null,
      note: null,
    });
    expect(deliveryNoteInputSchema.safeParse({ ...head, lines: [] }).success).toBe(true);
  });

  it('a note without client or source location is refused at those fields', async () => {
    const issues = await validateForm(deliveryNoteHeaderSchema, {
      ...EMPTY_DELIVERY_NOTE_HEADER,
      doc_date: 'jučer',
    });
    expect(issues.map((i) => i.path).sort()).toEqual(['client_id', 'doc_date', 'source_location_id']);
    expect(issues.find((i) => i.path === 'client_id')?.message).toBe('validation.required');
  });
});
