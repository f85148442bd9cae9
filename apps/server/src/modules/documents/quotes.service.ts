import {
  AppError,
  assertQuoteSendable,
  dueDateFrom,
  type QuoteAction,
  type quoteInputSchema,
  shownStatus,
} from '@erp/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { advancesOf } from './advances.service.ts';
import * as repo from './documents.repo.ts';
import { copyDocument, createDraft, detail, transition, updateDraft } from './documents.service.ts';
import { freezeFiles } from './frozen-files.ts';
import { workOrderLocations } from './production-locations.ts';

// Quotes (ponude): numbered at once, edited while draft, sent (their PDF stored), accepted or
// rejected, expired after their valid-until date, and converted into a work order.

type Input = z.output<typeof quoteInputSchema>;

/** A quote with its lines, links and the advance invoices issued for it. */
export async function quoteDetail(tx: Tx, id: string) {
  const base = await detail(tx, id);
  return { ...base, advances: await advancesOf(tx, base.document) };
}

/** A quote valid until a day before its own date would be expired the moment it is sent. */
function checkValidUntil(docDate: string, validUntil: string | null) {
  if (validUntil !== null && validUntil < docDate)
    throw new AppError('VALIDATION', 'Ponuda ne može vrijediti do dana prije svog datuma', [
      { field: 'valid_until', key: 'validation.validUntilBeforeDate' },
    ]);
  return validUntil;
}

export function createQuote(tx: Tx, ctx: CompanyContext, input: Input) {
  return createDraft(tx, ctx, 'quote', input, async ({ docDate, settings }) => ({
    valid_until: checkValidUntil(
      docDate,
      input.valid_until ?? dueDateFrom(docDate, settings.quote_valid_days),
    ),
  }));
}

export function updateQuote(tx: Tx, ctx: CompanyContext, id: string, input: Input) {
  return updateDraft(tx, ctx, id, 'quote', input, async (doc) => ({
    valid_until: checkValidUntil(input.doc_date ?? doc.doc_date, input.valid_until ?? doc.valid_until),
  }));
}

export async function quoteAction(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  action: Exclude<QuoteAction, 'convert' | 'expire'>,
) {
  const doc = await repo.requireDocument(tx, id, ['quote'], true);
  const { date } = await repo.today(tx);
  // A sent quote past its valid-until date is expired: nothing but reading is allowed any more
  // (the refusal rolls the transaction back, so the stored status stays; every read shows expired).
  if (shownStatus(doc, date) === 'expired' && doc.status === 'sent') doc.status = 'expired';
  if (action === 'send')
    assertQuoteSendable({ lineCount: (await repo.getLines(tx, id)).length, clientId: doc.client_id });
  await transition(tx, ctx, doc, action);
  if (action === 'send') await freezeFiles(tx, ctx.companyId, id); // the sent quote's PDF, stored
  return detail(tx, id);
}

/** Accepted quote → a new draft work order with the same lines, linked both ways. */
export async function convertQuote(tx: Tx, ctx: CompanyContext, id: string) {
  const quote = await repo.requireDocument(tx, id, ['quote'], true);
  await transition(tx, ctx, quote, 'convert');
  return copyDocument(tx, ctx, quote, 'work_order', { relation: 'converted', sourceLines: true }, () =>
    workOrderLocations(tx),
  );
}
