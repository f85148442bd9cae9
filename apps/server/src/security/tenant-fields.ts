import type { BankAccount } from '@erp/domain';
import { blindIndexOrNull, decryptField, encryptField } from './field-crypto.ts';

/**
 * The encrypted columns of the tenants row (the company profile). Every read and write of these
 * columns goes through `sealTenantFields` / `openTenantFields`, wherever the code lives.
 */
export const TENANT_ENCRYPTED_COLUMNS = ['tax_number', 'phone', 'date_of_birth', 'bank_accounts'] as const;
export const OIB_INDEX_PURPOSE = 'oib';

type Plain = {
  tax_number?: string | null;
  phone?: string | null;
  date_of_birth?: string | null;
  bank_accounts?: BankAccount[] | null;
};
type Sealed = {
  tax_number?: string | null;
  tax_number_bidx?: string | null;
  phone?: string | null;
  date_of_birth?: string | null;
  bank_accounts?: string;
};
type EncryptedKey = keyof Plain;

const ctx = (column: string) => `tenants.${column}`;

/** Encrypts the sensitive fields present in `changes` (and sets the OIB's blind index). */
export function sealTenantFields<T extends Plain>(changes: T): Omit<T, EncryptedKey> & Sealed {
  const out: Record<string, unknown> = { ...changes };
  for (const column of ['tax_number', 'phone', 'date_of_birth'] as const) {
    if (column in changes) out[column] = encryptField(changes[column] ?? null, ctx(column));
  }
  if ('tax_number' in changes)
    out.tax_number_bidx = blindIndexOrNull(OIB_INDEX_PURPOSE, changes.tax_number ?? null);
  if ('bank_accounts' in changes)
    out.bank_accounts = encryptField(JSON.stringify(changes.bank_accounts ?? []), ctx('bank_accounts'));
  return out as Omit<T, EncryptedKey> & Sealed;
}

type StoredRow = {
  tax_number?: string | null;
  phone?: string | null;
  date_of_birth?: string | null;
  bank_accounts?: string | null;
};

/** The plain values of a row read from the database (columns not selected stay absent). */
export function openTenantFields<T extends StoredRow>(
  row: T,
): Omit<T, keyof StoredRow> & {
  [K in Extract<keyof T, EncryptedKey>]: K extends 'bank_accounts' ? BankAccount[] : string | null;
} {
  const out: Record<string, unknown> = { ...row };
  for (const column of ['tax_number', 'phone', 'date_of_birth'] as const) {
    if (column in row) out[column] = decryptField(row[column] ?? null, ctx(column));
  }
  if ('bank_accounts' in row) {
    const plain = decryptField(row.bank_accounts ?? null, ctx('bank_accounts'));
    out.bank_accounts = plain ? (JSON.parse(plain) as BankAccount[]) : [];
  }
  delete out.tax_number_bidx;
  return out as never;
}

/**
 * Drops from `changes` the sensitive fields whose plain value equals the current one: a fresh IV
 * would otherwise make every save look like a change in the audit trail.
 */
export function withoutUnchangedSecrets<T extends Plain>(current: Plain, changes: T): T {
  const out = { ...changes };
  for (const column of TENANT_ENCRYPTED_COLUMNS) {
    if (!(column in out)) continue;
    const before =
      column === 'bank_accounts' ? JSON.stringify(current[column] ?? []) : (current[column] ?? null);
    const after = column === 'bank_accounts' ? JSON.stringify(out[column] ?? []) : (out[column] ?? null);
    if (before === after) delete out[column];
  }
  return out;
}
