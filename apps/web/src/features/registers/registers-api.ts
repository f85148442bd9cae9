import type { Register, RegisterRow, VatSummary } from '@erp/domain/registers/contracts';
import { api } from '../../lib/api.ts';

export type { Register, RegisterRow, VatSummary };

/** One register (IRA, URA) or the VAT summary of the period `from`–`to`. */
export const getRegister = (kind: 'ira' | 'ura' | 'vat', period: string, signal?: AbortSignal) =>
  api<Register | VatSummary>(`/api/registers/${kind}?${period}`, { signal });
