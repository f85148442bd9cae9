import { ERROR_REPORT_TRACES_SAMPLE_RATE, redactSensitive } from '@erp/domain/redact';
import type { QueryClient } from '@tanstack/react-query';
import { fetchPublicConfig } from './config.ts';

type Breadcrumb = { category?: string; level?: string };

/** Seed section 7: console debug breadcrumbs are dropped. */
export function keepBreadcrumb<T extends Breadcrumb>(crumb: T): T | null {
  return crumb.category === 'console' && crumb.level === 'debug' ? null : crumb;
}

/**
 * Error reporting starts only when the server configures a DSN; the SDK is loaded on demand so
 * it never weighs on the first paint.
 */
export async function initErrorReporting(client: QueryClient): Promise<void> {
  const config = await fetchPublicConfig(client).catch(() => null);
  const dsn = config?.sentry?.dsn;
  if (!dsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: 'production',
    tracesSampleRate: config.sentry?.tracesSampleRate ?? ERROR_REPORT_TRACES_SAMPLE_RATE,
    integrations: [Sentry.browserTracingIntegration()],
    beforeBreadcrumb: (crumb) => keepBreadcrumb(crumb),
    beforeSend: (event) => redactSensitive(event),
    beforeSendTransaction: (event) => redactSensitive(event),
  });
}
