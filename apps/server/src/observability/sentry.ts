import { ERROR_REPORT_TRACES_SAMPLE_RATE, redactSensitive } from '@erp/domain';
import * as Sentry from '@sentry/node';
import type { Config } from '../config.ts';

type Breadcrumb = { category?: string; level?: string };

/** Console debug breadcrumbs are dropped (seed section 7). */
export function keepBreadcrumb<B extends Breadcrumb>(crumb: B): B | null {
  return crumb.category === 'console' && crumb.level === 'debug' ? null : crumb;
}

export function sentryOptions(dsn: string) {
  return {
    dsn,
    environment: 'production',
    tracesSampleRate: ERROR_REPORT_TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    beforeBreadcrumb: keepBreadcrumb,
    beforeSend: <E>(event: E): E => redactSensitive(event),
    beforeSendTransaction: <E>(event: E): E => redactSensitive(event),
  };
}

/** Error reporting is off unless SENTRY_DSN is set. Returns the function that reports an error. */
export function initErrorReporting(config: Config): (error: unknown) => void {
  if (!config.sentry) return () => {};
  Sentry.init(sentryOptions(config.sentry.dsn));
  return (error) => {
    Sentry.captureException(error);
  };
}
