import { positiveDecimal } from '@erp/domain/inventory/schemas';
import { numberInputToApi } from '../../lib/format.ts';

/**
 * The warehouse scanning screen's steps as pure state: what a scan or a typed quantity does in each
 * mode. The page resolves codes through the API and feeds the answers here; posting happens when
 * `ready(state)` says the movement is complete.
 *
 * Receive: location → item or lot → (lot number, for a lot-tracked item scanned by its SKU) → quantity.
 * Move:    from-location → item or lot → quantity → to-location.
 * Issue:   location → item or lot → quantity.
 */
export const MODES = ['receive', 'move', 'issue'] as const;
export type Mode = (typeof MODES)[number];
export type Step = 'location' | 'item' | 'lot' | 'quantity' | 'to';

export type ScannedLocation = { id: string; label: string };
export type ScannedItem = { id: string; sku: string; name: string; unit: string; lotTracked: boolean };
/** A lot picked by its label (id) or, on receipt, a number typed or generated (id null). */
export type ScannedLot = { id: string | null; number: string };

export type ScanState = {
  mode: Mode;
  step: Step;
  location: ScannedLocation | null;
  item: ScannedItem | null;
  lot: ScannedLot | null;
  quantity: string;
  to: ScannedLocation | null;
};

/** The steps shown in the indicator: the lot step only when a receipt needs a lot number. */
export function stepsOf(state: Pick<ScanState, 'mode' | 'item' | 'lot' | 'step'>): Step[] {
  const lotStep =
    state.mode === 'receive' &&
    (state.step === 'lot' || (state.item?.lotTracked === true && state.lot?.id == null));
  if (state.mode === 'move') return ['location', 'item', 'quantity', 'to'];
  return lotStep ? ['location', 'item', 'lot', 'quantity'] : ['location', 'item', 'quantity'];
}

export const initialState = (mode: Mode): ScanState => ({
  mode,
  step: 'location',
  location: null,
  item: null,
  lot: null,
  quantity: '',
  to: null,
});

/** What the scanned code named (after the lookup); `null` when nothing matched. */
export type Resolved =
  | { kind: 'location'; location: ScannedLocation }
  | { kind: 'item'; item: ScannedItem }
  | { kind: 'lot'; item: ScannedItem; lot: { id: string; number: string } }
  | null;

/** Feedback keys (namespace `warehouse`, `scan.*`) the page turns into text. */
export type Outcome =
  | { ok: true; message: 'location' | 'to' | 'item' | 'lot' | 'lotEntered' }
  | {
      ok: false;
      message: 'unknown' | 'locationFirst' | 'notLocation' | 'sameLocation' | 'wrongLot' | 'typeQuantity';
    };

/** Which kinds a step prefers when one code names several things (a SKU equal to a location code). */
export function preferredKinds(step: Step): Array<'location' | 'item' | 'lot'> {
  if (step === 'location' || step === 'to') return ['location', 'lot', 'item'];
  return ['lot', 'item', 'location'];
}

const afterItem = (s: ScanState, item: ScannedItem, lot: ScanState['lot']): ScanState => ({
  ...s,
  item,
  lot,
  quantity: '',
  to: null,
  step: s.mode === 'receive' && item.lotTracked && !lot ? 'lot' : 'quantity',
});

/**
 * Applies one scan. A location scanned while an item is expected changes the (from-)location. A
 * code the company does not know, read while a receipt asks for the lot number, is the supplier's
 * lot barcode: it becomes the new lot's number.
 */
export function applyScan(s: ScanState, hit: Resolved, code = ''): { state: ScanState; outcome: Outcome } {
  if (!hit && s.step === 'lot' && code.trim())
    return { state: enterLot(s, code), outcome: { ok: true, message: 'lotEntered' } };
  if (!hit) return { state: s, outcome: { ok: false, message: 'unknown' } };
  switch (s.step) {
    case 'location':
      if (hit.kind !== 'location') return { state: s, outcome: { ok: false, message: 'locationFirst' } };
      return {
        state: { ...s, location: hit.location, step: 'item' },
        outcome: { ok: true, message: 'location' },
      };
    case 'item':
    case 'lot':
    case 'quantity':
      if (hit.kind === 'location') {
        if (s.step !== 'item') return { state: s, outcome: { ok: false, message: 'typeQuantity' } };
        return { state: { ...s, location: hit.location }, outcome: { ok: true, message: 'location' } };
      }
      if (s.step === 'lot' && hit.kind === 'lot' && hit.item.id !== s.item?.id)
        return { state: s, outcome: { ok: false, message: 'wrongLot' } };
      if (hit.kind === 'lot')
        return { state: afterItem(s, hit.item, hit.lot), outcome: { ok: true, message: 'lot' } };
      return { state: afterItem(s, hit.item, null), outcome: { ok: true, message: 'item' } };
    case 'to':
      if (hit.kind !== 'location') return { state: s, outcome: { ok: false, message: 'notLocation' } };
      if (hit.location.id === s.location?.id)
        return { state: s, outcome: { ok: false, message: 'sameLocation' } };
      return { state: { ...s, to: hit.location }, outcome: { ok: true, message: 'to' } };
  }
}

/** The lot number typed (or generated) on receipt of a lot-tracked item. */
export function enterLot(s: ScanState, number: string): ScanState {
  const n = number.trim();
  if (s.step !== 'lot' || !n) return s;
  return { ...s, lot: { id: null, number: n }, step: 'quantity' };
}

/** A valid positive quantity (as shown, "1.000,5", or plain) normalised to the API's form, or null. */
export function parseQuantity(raw: string): string | null {
  const r = positiveDecimal.safeParse(numberInputToApi(raw));
  return r.success ? r.data : null;
}

/** The typed quantity: a move continues with the to-location, the others are ready to post. */
export function enterQuantity(s: ScanState, raw: string): ScanState | null {
  const q = parseQuantity(raw);
  if (s.step !== 'quantity' || !q) return null;
  return { ...s, quantity: q, step: s.mode === 'move' ? 'to' : 'quantity' };
}

/** Whether the movement is complete and can be posted. */
export function ready(s: ScanState): boolean {
  if (!s.location || !s.item || !parseQuantity(s.quantity)) return false;
  if (s.mode === 'receive' && s.item.lotTracked && !s.lot) return false;
  if (s.mode === 'move') return s.to != null && s.to.id !== s.location.id;
  return true;
}

/** The request for the inventory posting endpoints. */
export function postingOf(s: ScanState): { path: string; body: Record<string, unknown> } {
  if (!ready(s) || !s.location || !s.item) throw new Error('incomplete movement');
  const lot = s.item.lotTracked ? s.lot : null;
  if (s.mode === 'receive')
    return {
      path: '/api/inventory/receipts',
      body: {
        location_id: s.location.id,
        lines: [
          {
            item_id: s.item.id,
            quantity: s.quantity,
            ...(lot?.id ? { lot_id: lot.id } : lot ? { lot_number: lot.number } : {}),
          },
        ],
      },
    };
  const line = { item_id: s.item.id, quantity: s.quantity, ...(lot?.id ? { lot_id: lot.id } : {}) };
  if (s.mode === 'move')
    return {
      path: '/api/inventory/transfers',
      body: {
        reason: 'relocation',
        from_location_id: s.location.id,
        to_location_id: s.to?.id,
        lines: [line],
      },
    };
  return {
    path: '/api/inventory/issues',
    body: { reason: 'production', location_id: s.location.id, lines: [line] },
  };
}

/** After a posting: the same location stays (the next item goes to or from the same shelf). */
export function afterPosting(s: ScanState): ScanState {
  return { ...initialState(s.mode), location: s.location, step: 'item' };
}

/** Esc / "Poništi": back one step, forgetting what that step had taken. */
export function stepBack(s: ScanState): ScanState {
  switch (s.step) {
    case 'location':
      return s;
    case 'item':
      return { ...s, location: null, step: 'location' };
    case 'lot':
      return { ...s, item: null, lot: null, step: 'item' };
    case 'quantity':
      if (s.quantity) return { ...s, quantity: '' };
      if (s.mode === 'receive' && s.item?.lotTracked && s.lot?.id == null)
        return { ...s, lot: null, step: 'lot' };
      return { ...s, item: null, lot: null, step: 'item' };
    case 'to':
      return { ...s, to: null, quantity: '', step: 'quantity' };
  }
}

/** A lot number for a receipt when the supplier's label has none: L-YYMMDD-HHMMSS (local time). */
export function generateLotNumber(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `L-${p(now.getFullYear() % 100)}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
}
