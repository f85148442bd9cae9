import type {
  CertificateUpload,
  CisAttempt,
  FiscalCertificate,
  FiscalSettingsInput,
  FiscalSettingsView,
  FiscalStatus,
} from '@erp/domain';
import { api } from '../../lib/api.ts';

// B2C fiscalisation through CIS: the company's settings and certificate, an invoice's fiscal state.

export type { FiscalStatus } from '@erp/domain';
export type Certificate = FiscalCertificate;
export type FiscalSettings = FiscalSettingsView;
export type FiscalAttempt = CisAttempt;

const SETTINGS = '/api/fiscal/settings';

export type { FiscalSettingsInput } from '@erp/domain';

export const getFiscalSettings = () => api<FiscalSettings>(SETTINGS);
export const saveFiscalSettings = (body: FiscalSettingsInput) =>
  api<FiscalSettings>(SETTINGS, { method: 'PUT', body });
export const uploadCertificate = (body: CertificateUpload) =>
  api<FiscalSettings>('/api/fiscal/certificate', { method: 'POST', body });
export const removeCertificate = () => api<FiscalSettings>('/api/fiscal/certificate', { method: 'DELETE' });
export const getInvoiceFiscal = (documentId: string) =>
  api<FiscalStatus>(`/api/invoices/${documentId}/fiscal`);
export const retryInvoiceFiscal = (documentId: string) =>
  api<FiscalStatus>(`/api/invoices/${documentId}/fiscal/retry`, { method: 'POST' });
