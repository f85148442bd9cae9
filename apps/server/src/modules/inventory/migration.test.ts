import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';

describe('inventory migration', () => {
  it('creates the inventory tables with row-level security', async () => {
    const t = await createTestDatabase();
    try {
      const rows = await t.database.session((q) =>
        q(`select relname, relrowsecurity, relforcerowsecurity from pg_class
           where relname in ('items','units','locations','item_unit_conversions','stock_movements','stock_balances')
           order by relname`),
      );
      expect(rows).toHaveLength(6);
      for (const r of rows) expect(r.relforcerowsecurity).toBe(true);
    } finally {
      await t.drop();
    }
  });
});
