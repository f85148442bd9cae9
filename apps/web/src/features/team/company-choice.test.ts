import type { MyCompany } from '@erp/domain/team/index';
import { describe, expect, it } from 'vitest';
import { chooseCompany, isCompanyIndependent } from './company-choice.ts';

const company = (id: string): MyCompany => ({
  company_id: id,
  company_name: id,
  role: 'viewer',
  status: 'active',
  is_own: false,
});

describe('chooseCompany', () => {
  it('keeps the remembered company while the user belongs to it', () => {
    expect(chooseCompany('b', [company('u'), company('b')], 'u')).toBe('b');
  });
  it('falls back to the user’s own company when removed, unknown or not loaded', () => {
    expect(chooseCompany('b', [company('u')], 'u')).toBe('u');
    expect(chooseCompany(null, [company('u'), company('b')], 'u')).toBe('u');
    expect(chooseCompany('b', undefined, 'u')).toBe('u');
  });
});

describe('isCompanyIndependent', () => {
  it('keeps only the profile and the company list across a switch', () => {
    expect(isCompanyIndependent(['tenant', 'me'])).toBe(true);
    expect(isCompanyIndependent(['team', 'companies'])).toBe(true);
    expect(isCompanyIndependent(['team', 'x', 'members'])).toBe(false);
    expect(isCompanyIndependent(['inventory', 'items'])).toBe(false);
  });
});
