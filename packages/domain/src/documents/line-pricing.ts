import type Decimal from 'decimal.js';
import {
  type EdgeType,
  type GlassKind,
  MeasureError,
  type MeasurePrice,
  measurePrice,
  type PriceBasis,
  type PricingSettings,
  unitPriceText,
} from '../pricing/measure-pricing.ts';
import {
  type DocumentTotals,
  defaultLinePricing,
  documentTotals,
  LineAmountError,
  type LineAmounts,
  lineAmounts,
  type VatRate,
} from './totals.ts';

/**
 * A draft line priced the way it will be saved. The server prices every line it writes with
 * `priceDraftLine`, and the editors compute their live totals with `draftTotals` over the same
 * inputs, so the figure on the screen is the figure that is saved (issue 17, "What the screen
 * shows is what is saved"):
 *   - a line without a typed price takes the measure rule's price (items priced per m² or per
 *     running metre, with the company's settings and the document's rush surcharge), else the
 *     item's sales price, else 0;
 *   - a line without a typed discount takes the client's default discount;
 *   - a line without a VAT rate takes the item's rate, else 25 %.
 */
export type DraftLineItem = {
  salesPrice: string | null;
  vatRate: string | null;
  basis: PriceBasis;
  glassKind?: GlassKind | null;
  minCharge?: string | null;
};

export type DraftLine = {
  quantity: Decimal.Value;
  /** Typed price; null = the default (measure rule, item). */
  unitPrice: string | null;
  /** Typed discount %; null = the client's. */
  discountPct: string | null;
  vatRate: VatRate | null;
  item: DraftLineItem | null;
  widthMm?: Decimal.Value | null;
  heightMm?: Decimal.Value | null;
  shaped?: boolean;
  holeCount?: Decimal.Value | null;
  cutoutCount?: Decimal.Value | null;
  edgeType?: EdgeType | null;
  coatingRemoval?: boolean;
};

export type DraftPricing = {
  /** The client's default discount %, null or '0' = none. */
  clientDiscountPct: string | null;
  /** The company's measure pricing settings; needed when a line's item is priced by measure. */
  settings: PricingSettings | null;
  /** The document is a rush order. */
  rush: boolean;
};

export type PricedLine = {
  unitPrice: string;
  discountPct: string;
  vatRate: VatRate;
  /** The measure rule's price, when the item is priced per m² or per running metre. */
  measured: MeasurePrice | null;
  amounts: LineAmounts;
};

/**
 * Prices one line. Throws `MeasureError` when the line relies on the measure rule (no typed
 * price) and the rule cannot run (no W × H), `LineAmountError` for an invalid amount.
 */
export function priceDraftLine(line: DraftLine, pricing: DraftPricing): PricedLine {
  const item = line.item;
  let measured: MeasurePrice | null = null;
  if (item && item.basis !== 'unit' && pricing.settings) {
    try {
      measured = measurePrice(
        {
          basis: item.basis,
          glassKind: item.glassKind ?? null,
          price: item.salesPrice ?? '0',
          minCharge: item.minCharge,
        },
        {
          widthMm: line.widthMm,
          heightMm: line.heightMm,
          quantity: line.quantity,
          shaped: line.shaped,
          holeCount: line.holeCount,
          cutoutCount: line.cutoutCount,
          edgeType: line.edgeType,
          coatingRemoval: line.coatingRemoval,
          rush: pricing.rush,
        },
        pricing.settings,
      );
    } catch (error) {
      // A typed price does not need the rule.
      if (!(error instanceof MeasureError) || line.unitPrice === null) throw error;
    }
  }
  const resolved = defaultLinePricing({
    item: item ? { salesPrice: item.salesPrice, vatRate: item.vatRate } : null,
    client: { discountPct: pricing.clientDiscountPct },
    line: {
      unitPrice: line.unitPrice ?? (measured ? unitPriceText(measured.unitPrice) : null),
      discountPct: line.discountPct,
      vatRate: line.vatRate,
    },
  });
  const amounts = lineAmounts({
    quantity: line.quantity,
    unitPrice: resolved.unitPrice,
    discountPct: resolved.discountPct,
    vatRate: resolved.vatRate,
  });
  return { ...resolved, measured, amounts };
}

export type DraftTotals = {
  totals: DocumentTotals;
  /** Per input line: its pricing, or why it cannot be priced yet (left out of the totals). */
  lines: (PricedLine | { error: MeasureError | LineAmountError })[];
};

/** The document totals of draft lines, as the server will save them. */
export function draftTotals(lines: readonly DraftLine[], pricing: DraftPricing): DraftTotals {
  const priced = lines.map((line) => {
    try {
      return priceDraftLine(line, pricing);
    } catch (error) {
      if (error instanceof MeasureError || error instanceof LineAmountError) return { error };
      throw error;
    }
  });
  // The same sum the server saves: documentTotals over each line's resolved price and discount.
  const totals = documentTotals(
    lines.flatMap((line, i) => {
      const p = priced[i];
      return !p || 'error' in p
        ? []
        : [
            {
              quantity: line.quantity,
              unitPrice: p.unitPrice,
              discountPct: p.discountPct,
              vatRate: p.vatRate,
            },
          ];
    }),
  );
  return { totals, lines: priced };
}
