import { describe, expect, it } from 'vitest';
import { defaultReceiptLocation } from './receipt-location.ts';

const loc = (id: string, type: string, active = true) => ({ id, type, active });
const receipt = (location_id: string, created_at: string, status = 'posted') => ({
  location_id,
  created_at,
  status,
});

// The locations arrive sorted by code, so a production location can come first.
const locations = [
  loc('PROD', 'production'),
  loc('SCRAP', 'scrap'),
  loc('SK1', 'storage'),
  loc('SK2', 'storage'),
];

describe('default location of a goods receipt', () => {
  it('is the first storage location, not a production or scrap one listed before it', () => {
    expect(defaultReceiptLocation(locations, [])).toBe('SK1');
    expect(defaultReceiptLocation([loc('SK1', 'storage', false), ...locations.slice(3)], [])).toBe('SK2');
  });

  it("follows the order's last posted receipt while its location is active", () => {
    const receipts = [receipt('SK2', '2026-11-20 10:00:00+00'), receipt('PROD', '2026-11-25 08:00:00+00')];
    expect(defaultReceiptLocation(locations, receipts)).toBe('PROD');
    // A cancelled receipt does not count; an inactive location is not offered as the default.
    const cancelled = [
      receipt('SK2', '2026-11-20 10:00:00+00'),
      receipt('PROD', '2026-11-25 08:00:00+00', 'cancelled'),
    ];
    expect(defaultReceiptLocation(locations, cancelled)).toBe('SK2');
    expect(
      defaultReceiptLocation([...locations.slice(0, 3), loc('SK2', 'storage', false)], receipts.slice(0, 1)),
    ).toBe('SK1');
  });

  it('falls back to any active location, or none', () => {
    expect(defaultReceiptLocation([loc('PROD', 'production'), loc('T', 'transit')], [])).toBe('PROD');
    expect(defaultReceiptLocation([loc('SK1', 'storage', false)], [])).toBe('');
  });
});
