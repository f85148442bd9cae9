import { AppError } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { documentOwner } from './inventory.repo.ts';
import { reverse } from './inventory.service.ts';

/**
 * The document of another area that made a stock document, if any: a delivery note, a work
 * order (consumption and output), a cutting list, or a goods receipt. Such stock is changed only
 * through that document (cancel the delivery note or the receipt; a work order's consumption is
 * not reversed by hand), never by reversing its movements directly.
 */
export type StockOwner = { kind: OwnerKind; id: string; number: string | null };
export type OwnerKind = 'delivery_note' | 'work_order' | 'cutting' | 'goods_receipt';

export async function ownerOf(tx: Tx, documentId: string): Promise<StockOwner | null> {
  const row = await documentOwner(tx, documentId);
  if (!row?.owner_kind || !row.owner_id) return null;
  return { kind: row.owner_kind as OwnerKind, id: row.owner_id, number: row.owner_number };
}

const REFUSAL: Record<OwnerKind, { key: string; message: (n: string) => string }> = {
  delivery_note: {
    key: 'validation.reverseViaDeliveryNote',
    message: (n) => `Kretanje pripada otpremnici ${n}: stornirajte otpremnicu`,
  },
  work_order: {
    key: 'validation.reverseViaWorkOrder',
    message: (n) => `Kretanje pripada radnom nalogu ${n}: potrošnja se ispravlja kroz radni nalog`,
  },
  cutting: {
    key: 'validation.reverseViaCuttingList',
    message: (n) => `Kretanje pripada krojnoj listi ${n}: mijenja se samo kroz krojnu listu`,
  },
  goods_receipt: {
    key: 'validation.reverseViaGoodsReceipt',
    message: (n) => `Kretanje pripada primci ${n}: stornirajte primku`,
  },
};

/**
 * `POST /api/inventory/documents/:id/reverse`: reverses a stock document the inventory made by
 * hand (receipt, issue, transfer, adjustment, count, opening); a document of another area is
 * refused with a translated error naming it. Other areas call `reverse` from their own cancel.
 */
export async function reverseManual(tx: Tx, ctx: CompanyContext, documentId: string) {
  const owner = await ownerOf(tx, documentId);
  if (owner) {
    const refusal = REFUSAL[owner.kind];
    const number = owner.number ?? '';
    throw new AppError('CONFLICT', refusal.message(number), [
      { field: 'document', key: refusal.key, params: { number, kind: owner.kind, id: owner.id } },
    ]);
  }
  return reverse(tx, ctx, documentId);
}
