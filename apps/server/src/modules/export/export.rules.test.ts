import { describe, expect, it } from 'vitest';
import type { ExportFileMeta } from './export.repo.ts';
import { assertMayDownload, assertMayExport, canReadSensitive } from './export.service.ts';

const file = (sensitive: boolean): ExportFileMeta => ({
  id: 'f',
  job_id: null,
  kind: 'archive',
  filename: 'arhiva.json',
  content_type: 'application/json',
  size: 1,
  sensitive,
  created_by: 'maker',
  created_at: '2026-03-01T10:00:00Z',
  expires_at: '2026-03-02T10:00:00Z',
});
const ctx = (userId: string, role: 'owner' | 'admin' | 'planner' | 'warehouse' | 'viewer') => ({
  userId,
  companyId: 'c',
  role,
});

describe('export rules', () => {
  it('plain sensitive values only for roles that manage the company', () => {
    expect(canReadSensitive('owner')).toBe(true);
    expect(canReadSensitive('admin')).toBe(true);
    expect(canReadSensitive('planner')).toBe(false);
    expect(canReadSensitive('warehouse')).toBe(false);
    expect(canReadSensitive('viewer')).toBe(false);
  });

  it('sections and PDFs need export.run, the archive company.manage', () => {
    expect(() =>
      assertMayExport('planner', { type: 'section', section: 'items', format: 'csv' }),
    ).not.toThrow();
    expect(() => assertMayExport('warehouse', { type: 'pdf', kinds: ['invoice'] })).not.toThrow();
    expect(() => assertMayExport('viewer', { type: 'section', section: 'items', format: 'csv' })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => assertMayExport('planner', { type: 'archive' })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => assertMayExport('admin', { type: 'archive' })).not.toThrow();
  });

  it('a file with plain sensitive data goes to its maker or a manager only', () => {
    expect(() => assertMayDownload(ctx('other', 'planner'), file(true))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => assertMayDownload(ctx('maker', 'planner'), file(true))).not.toThrow();
    expect(() => assertMayDownload(ctx('other', 'admin'), file(true))).not.toThrow();
    expect(() => assertMayDownload(ctx('other', 'warehouse'), file(false))).not.toThrow();
  });
});
