import { api } from '../../lib/api.ts';

// B2C fiscalisation through CIS: the company's settings and certificate, an invoice's fiscal state.

export type Certificate = {
  subject: string;
  issuer: string;
  serial_number: string;
  oib: string | null;
  not_before: string;
  not_after: string;
};
export type FiscalSettings = {
  enabled: boolean;
  sequence_mark: 'P' | 'N';
  cis_url: string;
  timeout_ms: number;
  registered_premises: string | null;
  invoice_premises: string;
  invoice_device: string;
  certificate: Certificate | null;
};
export type FiscalAttempt = {
  id: string;
  late: boolean;
  outcome: 'jir' | 'error' | 'unavailable';
  error_code: string | null;
  error_message: string | null;
  duration_ms: number;
  created_at: string;
};
export type FiscalStatus = {
  state: 'pending' | 'delivered' | 'failed';
  zki: string;
  jir: string | null;
  late: boolean;
  deadline: string;
  error_code: string | null;
  error_message: string | null;
  qr_url: string;
  attempts: FiscalAttempt[];
} | null;

const SETTINGS = '/api/fiscal/settings';

export type FiscalSettingsInput = {
  enabled: boolean;
  sequence_mark: 'P' | 'N';
  cis_url: string;
  timeout_ms: number;
  registered_premises: string | null;
};

export const getFiscalSettings = () => api<FiscalSettings>(SETTINGS);
export const saveFiscalSettings = (body: FiscalSettingsInput) =>
  api<FiscalSettings>(SETTINGS, { method: 'PUT', body });
export const uploadCertificate = (body: { p12_base64: string; password: string }) =>
  api<FiscalSettings>('/api/fiscal/certificate', { method: 'POST', body });
export const removeCertificate = () => api<FiscalSettings>('/api/fiscal/certificate', { method: 'DELETE' });
export const getInvoiceFiscal = (documentId: string) =>
  api<FiscalStatus>(`/api/invoices/${documentId}/fiscal`);
export const retryInvoiceFiscal = (documentId: string) =>
  api<FiscalStatus>(`/api/invoices/${documentId}/fiscal/retry`, { method: 'POST' });
