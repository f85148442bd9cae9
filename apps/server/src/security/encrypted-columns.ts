import { OIB_INDEX_PURPOSE } from './tenant-fields.ts';

/**
 * Every encrypted column in the database, so that `keys rotate` (and the pass that encrypts
 * values written before encryption existed) can find them. A business area that encrypts a column
 * adds one entry here; a test fails when a column named like an identifier is missing.
 * The encryption context of a column is always "<table>.<column>".
 */
export type EncryptedTable = {
  table: string;
  /** The column holding the company id (the tenants row is its own company: `id`). */
  companyColumn: string;
  columns: string[];
  /** Blind-index columns kept beside an encrypted column: column → { index column, purpose }. */
  indexes?: Record<string, { column: string; purpose: string }>;
};

export const ENCRYPTED_TABLES: EncryptedTable[] = [
  {
    table: 'tenants',
    companyColumn: 'id',
    columns: ['tax_number', 'phone', 'date_of_birth', 'bank_accounts', 'operator_oib'],
    indexes: { tax_number: { column: 'tax_number_bidx', purpose: OIB_INDEX_PURPOSE } },
  },
  {
    // Clients' and suppliers' OIB (modules/partners/partners.repo.ts: sealOib / openOib / oibIndex).
    table: 'partners',
    companyColumn: 'company_id',
    columns: ['oib'],
    indexes: { oib: { column: 'oib_bidx', purpose: OIB_INDEX_PURPOSE } },
  },
  {
    // Invoice snapshots: seller/buyer OIB and IBAN, the seller's operator OIB (0037)
    // (modules/documents/documents.repo.ts: sealSnapshots).
    table: 'documents',
    companyColumn: 'company_id',
    columns: [
      'seller_oib',
      'seller_iban',
      'buyer_oib',
      'buyer_iban',
      'seller_operator_oib',
      'buyer_operator_oib',
    ],
  },
  {
    // CIS fiscalisation (0040): the PKCS#12 certificate, its password and OIB, each invoice's Racun
    // data and every request sent (modules/fiscalisation/fiscal.repo.ts).
    table: 'fiscal_settings',
    companyColumn: 'company_id',
    columns: ['certificate', 'certificate_password', 'certificate_oib'],
  },
  { table: 'fiscal_invoices', companyColumn: 'company_id', columns: ['racun'] },
  { table: 'fiscal_attempts', companyColumn: 'company_id', columns: ['request_xml'] },
  // Fiskalizacija 2.0 (0043): the requests name both parties by OIB; the intermediary's secret
  // (modules/fiscal-exchange/fiscal-exchange.repo.ts and .service.ts).
  { table: 'fiscal_messages', companyColumn: 'company_id', columns: ['body_xml', 'request_xml'] },
  { table: 'fiscal_message_attempts', companyColumn: 'company_id', columns: ['request_xml'] },
  { table: 'fiscal_exchange_settings', companyColumn: 'company_id', columns: ['intermediary_secret'] },
  // Documents by e-mail (0045k): the company's SMTP password (modules/documents/mail.service.ts).
  { table: 'company_mail_settings', companyColumn: 'company_id', columns: ['password'] },
];

/**
 * Column names that hold personal or tax identifiers; each one in the database must be listed
 * above (checked by security.test.ts against the migrated schema).
 */
export const SENSITIVE_COLUMN_PATTERN = /^(.*_)?(oib|tax_number|iban|bank_accounts?|date_of_birth)$/;
