import type { TenantProfile } from '@erp/domain/tenants/tenant.schemas';

export const PERSONAL_FIELDS = [
  'full_name',
  'phone',
  'address',
  'date_of_birth',
  'position',
  'department',
] as const;
export const COMPANY_FIELDS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'tax_number',
] as const;
export type TextField = (typeof PERSONAL_FIELDS)[number] | (typeof COMPANY_FIELDS)[number];

export type ProfileFormValues = Record<TextField, string> & {
  bank_accounts: { iban: string; bank_name: string }[];
};

/** Form inputs hold strings; nulls from the server become empty inputs (the schema turns them back into nulls). */
export function toFormValues(profile: TenantProfile | undefined): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of [...PERSONAL_FIELDS, ...COMPANY_FIELDS]) values[field] = profile?.[field] ?? '';
  values.bank_accounts = (profile?.bank_accounts ?? []).map((a) => ({
    iban: a.iban,
    bank_name: a.bank_name ?? '',
  }));
  return values;
}

export const INPUT_TYPES: Partial<Record<TextField, string>> = {
  date_of_birth: 'date',
  company_email: 'email',
  company_phone: 'tel',
  phone: 'tel',
  company_website: 'url',
};

export const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  full_name: 'name',
  phone: 'tel',
  address: 'street-address',
  date_of_birth: 'bday',
  position: 'organization-title',
  company_name: 'organization',
  company_email: 'email',
};
