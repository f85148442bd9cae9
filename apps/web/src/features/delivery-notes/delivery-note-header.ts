import { deliveryNoteInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { output } from 'zod';

// The header of a new delivery note (delivery-notes-pages.tsx), checked with the route's body
// schema less its lines (the line grid's, or the work order's quantities, sent in the same body).

export type DeliveryNoteHeaderValues = {
  client_id: string;
  source_location_id: string;
  delivery_address: string;
  doc_date: string;
  note: string;
  /** The chosen work order ('' for a note with lines typed in). */
  work_order_id: string;
  /** The work order's client and output location: used where the user has chosen none. */
  order_client_id: string;
  order_location_id: string;
};

export const EMPTY_DELIVERY_NOTE_HEADER: DeliveryNoteHeaderValues = {
  client_id: '',
  source_location_id: '',
  delivery_address: '',
  doc_date: '',
  note: '',
  work_order_id: '',
  order_client_id: '',
  order_location_id: '',
};

/** The client and source location shown and sent: the user's choice, else the work order's. */
export function chosenParties(h: DeliveryNoteHeaderValues) {
  return {
    client_id: h.client_id || h.order_client_id,
    source_location_id: h.source_location_id || h.order_location_id,
  };
}

/** The header's part of POST /api/delivery-notes: an empty text or choice is none, an empty date left out. */
export function deliveryNoteHeaderBody(h: DeliveryNoteHeaderValues) {
  return {
    ...chosenParties(h),
    work_order_id: h.work_order_id || null,
    delivery_address: h.delivery_address || null,
    ...(h.doc_date ? { doc_date: h.doc_date } : {}),
    note: h.note || null,
  };
}

export const deliveryNoteHeaderSchema = formSchema(
  deliveryNoteHeaderBody,
  deliveryNoteInputSchema.omit({ lines: true }),
);
export type DeliveryNoteHeaderBody = output<typeof deliveryNoteHeaderSchema>;
