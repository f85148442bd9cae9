import type { Tx } from '../db/database.ts';
import { storedFile } from '../modules/files/files.service.ts';
import { companyProfile } from '../modules/tenants/tenants.service.ts';
import type { CompanyBlock } from './pdf-document.ts';

/** The company's printed identity (profile fields and logo) for document headers. */
export async function companyBlock(tx: Tx, companyId: string): Promise<CompanyBlock> {
  const t = await companyProfile(tx, companyId);
  let logo: Buffer | null = null;
  const fileId = t?.company_logo?.match(/^\/api\/files\/([0-9a-f-]{36})$/i)?.[1];
  if (fileId) logo = (await storedFile(tx, fileId))?.data ?? null;
  return {
    name: t?.company_name ?? t?.full_name ?? null,
    address: t?.company_address ?? null,
    oib: t?.tax_number ?? null,
    phone: t?.company_phone ?? null,
    email: t?.company_email ?? null,
    website: t?.company_website ?? null,
    ibans: (t?.bank_accounts ?? []).map((b) => b.iban),
    logo,
  };
}
