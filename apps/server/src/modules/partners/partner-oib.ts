import { blindIndexOrNull, decryptField, encryptField } from '../../security/field-crypto.ts';
import { OIB_INDEX_PURPOSE } from '../../security/tenant-fields.ts';

/**
 * The OIB is stored encrypted (AES-256-GCM envelope, context "partners.oib") with a blind index
 * (HMAC, purpose "oib") beside it for uniqueness and exact search; see SECURITY.md. Other areas
 * that read or search partner OIBs use these, not the partners repository.
 */
export const PARTNER_OIB_CONTEXT = 'partners.oib';
export const sealOib = (oib: string | null): string | null => encryptField(oib, PARTNER_OIB_CONTEXT);
export const openOib = (stored: string | null): string | null => decryptField(stored, PARTNER_OIB_CONTEXT);
export const oibIndex = (oib: string | null): string | null =>
  blindIndexOrNull(OIB_INDEX_PURPOSE, oib === null ? null : oib.trim());
