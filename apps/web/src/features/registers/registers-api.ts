import { api } from '../../lib/api.ts';

// The IRA, URA and VAT summary of a period (money as decimal strings).

export type Amounts = { base: string; vat: string };
export type Bucket = '25' | '13' | '5' | '0' | 'exempt' | 'reverse_charge' | 'other';
export type Buckets = Record<Bucket, Amounts>;
export type RegisterRow = {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  date: string;
  partner: string;
  oib: string | null;
  buckets: Buckets;
  net: string;
  vat: string;
  total: string;
  deductible: string;
  /** IRA: the advances a final invoice deducted (its amounts are already less them). */
  advances?: { numbers: string[]; net: string; vat: string; total: string } | null;
};
export type Register = {
  rows: RegisterRow[];
  totals: { buckets: Buckets; net: string; vat: string; total: string; deductible: string };
};
export type VatSummary = {
  rows: { bucket: Bucket; output_base: string; output_vat: string; input_base: string; input_vat: string }[];
  output_vat: string;
  input_vat: string;
  deductible: string;
  payable: string;
};

/** One register (IRA, URA) or the VAT summary of the period `from`–`to`. */
export const getRegister = (kind: 'ira' | 'ura' | 'vat', period: string, signal?: AbortSignal) =>
  api<Register | VatSummary>(`/api/registers/${kind}?${period}`, { signal });
