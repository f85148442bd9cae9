import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type FloorOperation, nextOperation } from './shop-floor-api.ts';
import { pieceText } from './shop-floor-page.tsx';

// Issue 22: a shop-floor card says which piece it is (order line, item, W × H, quantity).
const hr = JSON.parse(
  readFileSync(new URL('../../../public/locales/hr/shopfloor.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const op = (extra: Partial<FloorOperation>): FloorOperation => ({
  id: 'op',
  work_order_id: 'wo',
  work_order_number: 'RN-2026-0002',
  work_order_status: 'planned',
  client_name: null,
  due_date: null,
  position: 1,
  code: 'REZ',
  name: 'Rezanje',
  status: 'pending',
  quality_check_required: false,
  last_check: null,
  planned_minutes: '10',
  logged_minutes: '0',
  quantity: '3',
  unit: 'kom',
  good_qty: '0',
  scrap_qty: '0',
  started_at: null,
  line_position: null,
  line_label: null,
  width_mm: null,
  height_mm: null,
  ...extra,
});

describe('shop-floor piece text', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'hr',
    resources: { hr: { shopfloor: hr } },
    ns: ['shopfloor'],
    defaultNS: 'shopfloor',
  });
  const t = i18n.getFixedT('hr', 'shopfloor');

  it('names the line, its item, the size and the quantity', () => {
    const text = pieceText(
      t,
      'hr',
      op({ line_position: 2, line_label: 'IZO Izo staklo 4-16-4', width_mm: '1000', height_mm: '500.5' }),
    );
    expect(text).toBe('Stavka 2: IZO Izo staklo 4-16-4 · 1.000 × 500,5 mm · 3 kom');
  });

  it('says the whole order when the operation has no line, and leaves out a missing size', () => {
    expect(pieceText(t, 'hr', op({}))).toBe('Cijeli nalog · 3 kom');
    expect(pieceText(t, 'hr', op({ line_position: 1, line_label: 'Montaža' }))).toBe(
      'Stavka 1: Montaža · 3 kom',
    );
  });
});

describe('next operation of a scanned order', () => {
  it('skips done and cancelled operations (a cancelled order has nothing left to start)', () => {
    const ops = [
      op({ id: 'a', status: 'done' }),
      op({ id: 'b', status: 'cancelled', code: 'SAS' }),
      op({ id: 'c', status: 'paused', code: 'SAS' }),
    ];
    expect(nextOperation(ops, 'SAS')?.id).toBe('c');
    expect(nextOperation(ops.slice(0, 2), null)).toBeNull();
  });
});
