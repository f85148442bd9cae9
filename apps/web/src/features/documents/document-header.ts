import { quoteInputSchema, workOrderInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { output, ZodType } from 'zod';
import type { Detail } from './documents-api.ts';

// The header of a quote or work order (client, dates, locations, note, rush), as typed on the
// document screen (documents-pages.tsx). It is checked with the route's own body schema less its
// lines: the lines are the line grid's, checked cell by cell as they are typed, and both go out
// in the one body that Save sends.

export type HeaderValues = {
  client_id: string;
  doc_date: string;
  valid_until: string;
  due_date: string;
  source_location_id: string;
  output_location_id: string;
  note: string;
  /** A rush order: rule-priced lines pay the company's rush surcharge %. */
  rush: boolean;
};

export function headerOf(detail: Detail | null): HeaderValues {
  const d = detail?.document;
  return {
    client_id: d?.client_id ?? '',
    doc_date: d?.doc_date ?? '',
    valid_until: d?.valid_until ?? '',
    due_date: d?.due_date ?? '',
    source_location_id: d?.source_location_id ?? '',
    output_location_id: d?.output_location_id ?? '',
    note: d?.note ?? '',
    rush: Boolean(d?.rush),
  };
}

/** The header's part of the request body: an empty choice is none, an empty date is left out or none. */
export function headerBody(h: HeaderValues, workOrder: boolean) {
  return {
    client_id: h.client_id || null,
    ...(h.doc_date ? { doc_date: h.doc_date } : {}),
    ...(workOrder
      ? {
          due_date: h.due_date || null,
          source_location_id: h.source_location_id || null,
          output_location_id: h.output_location_id || null,
        }
      : { valid_until: h.valid_until || null }),
    note: h.note || null,
    rush: h.rush,
  };
}

const quoteHeader = quoteInputSchema.omit({ lines: true });
const workOrderHeader = workOrderInputSchema.omit({ lines: true });
export const quoteHeaderSchema = formSchema((h: HeaderValues) => headerBody(h, false), quoteHeader);
export const workOrderHeaderSchema = formSchema((h: HeaderValues) => headerBody(h, true), workOrderHeader);
/** Either header's checked body (the work order's fields are absent on a quote). */
export type HeaderBody = output<typeof quoteHeader> | output<typeof workOrderHeader>;
export type HeaderSchema = ZodType<HeaderBody, unknown>;
