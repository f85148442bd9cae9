import type { TenantProfile } from '@erp/domain/tenants/tenant.schemas';
import { tenantUpdateSchema } from '@erp/domain/tenants/tenant.schemas';
import { describe, expect, it } from 'vitest';
import { toFormValues } from './profile-form.ts';

const profile: TenantProfile = {
  id: 'u1',
  full_name: 'Ana Horvat',
  phone: null,
  address: null,
  date_of_birth: '1990-05-01',
  position: null,
  department: null,
  company_name: 'Staklo d.o.o.',
  company_address: null,
  company_phone: null,
  company_email: null,
  company_website: null,
  tax_number: null,
  company_logo: null,
  bank_accounts: [{ iban: 'HR1210010051863000160', bank_name: null }],
  account_status: 'active',
};

describe('profile form values', () => {
  it('turns nulls into empty inputs and back into nulls through the shared schema', () => {
    const values = toFormValues(profile);
    expect(values.phone).toBe('');
    expect(values.bank_accounts).toEqual([{ iban: 'HR1210010051863000160', bank_name: '' }]);
    const parsed = tenantUpdateSchema.parse(values);
    expect(parsed.phone).toBeNull();
    expect(parsed.full_name).toBe('Ana Horvat');
    expect(parsed.bank_accounts?.[0]).toEqual({ iban: 'HR1210010051863000160', bank_name: null });
  });

  it('reports an invalid OIB and IBAN with translation keys', () => {
    const values = {
      ...toFormValues(profile),
      tax_number: '12345678901',
      bank_accounts: [{ iban: 'HR00', bank_name: '' }],
    };
    const result = tenantUpdateSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toContain('tax_number:validation.oibInvalid');
    expect(messages).toContain('bank_accounts.0.iban:validation.ibanInvalid');
  });
});
