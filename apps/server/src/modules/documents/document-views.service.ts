import { AppError, type DocumentKind, type documentDetailSchema, uuidParam } from '@erp/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { renderPdf, TITLES } from './documents.pdf.ts';
import * as repo from './documents.repo.ts';
import { detail, notFound } from './documents.service.ts';
import { documentPdf } from './frozen-files.ts';
import { invoiceView } from './invoices.service.ts';
import { quoteDetail } from './quotes.service.ts';
import { workOrderView } from './work-orders.service.ts';

// Reading any document whatever its kind: the detail screen asks by id and each kind's service
// says what its screen shows (work orders: materials, operations, costs; invoices: payments;
// orders and invoices: advances).

const VIEWS: Record<DocumentKind, (tx: Tx, id: string) => Promise<z.input<typeof documentDetailSchema>>> = {
  quote: quoteDetail,
  work_order: workOrderView,
  delivery_note: detail,
  invoice: invoiceView,
  credit_note: detail,
};

export async function documentView(tx: Tx, id: string) {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw notFound();
  return VIEWS[doc.kind](tx, id);
}

/** The printable PDF of a document (an issued one as stored) and its file name. */
export async function documentPdfFile(tx: Tx, ctx: CompanyContext, id: string) {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw notFound();
  return {
    pdf: await documentPdf(tx, ctx.companyId, doc),
    name: `${TITLES[doc.kind]}-${doc.number ?? 'nacrt'}.pdf`,
  };
}

/** Several documents in one PDF: 1 to 200 ids of the company's documents, else nothing is printed. */
export async function bulkPdf(tx: Tx, ctx: CompanyContext, ids: readonly string[]) {
  if (ids.length === 0 || ids.length > 200 || !ids.every((id) => uuidParam.safeParse(id).success))
    throw new AppError('VALIDATION', 'Neispravan popis dokumenata', [
      { field: 'ids', key: 'validation.invalid' },
    ]);
  if ((await repo.countExisting(tx, ids)) !== new Set(ids).size) throw notFound();
  return renderPdf(tx, ctx.companyId, [...ids]);
}
