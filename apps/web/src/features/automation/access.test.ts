import { readFileSync } from 'node:fs';
import { can } from '@erp/domain/permissions';
import { describe, expect, it } from 'vitest';

describe('automation for roles that cannot manage it (issue 22)', () => {
  it('warehouse and viewer cannot manage rules, so the page must not load or offer them', () => {
    expect(can('warehouse', 'automation.manage')).toBe(false);
    expect(can('viewer', 'automation.manage')).toBe(false);
    const page = readFileSync(new URL('./automation-page.tsx', import.meta.url), 'utf8');
    // The routes (list, new, edit) sit inside the permission gate, which shows "no permission".
    expect(page).toMatch(/<IfAllowed permission="automation\.manage">\s*<Routes>/);
  });
});
