/** Seed section 6: error reports redact fields whose names contain any of these (case-insensitive). */
export const SENSITIVE_KEY_PARTS = [
  'password',
  'token',
  'apikey',
  'secret',
  'auth',
  'oib',
  'ssn',
  'creditcard',
] as const;
export const REDACTED = '[Filtered]';
/** Sampling rate of performance traces sent to the error-report service (seed section 9). */
export const ERROR_REPORT_TRACES_SAMPLE_RATE = 0.1;

export function isSensitiveKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_\s]/g, '');
  return SENSITIVE_KEY_PARTS.some((part) => k.includes(part));
}

/** Returns a deep copy with every value under a sensitive key replaced; cycles are cut. */
export function redactSensitive<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]' as T;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactSensitive(v, seen)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) ? REDACTED : redactSensitive(v, seen);
  }
  return out as T;
}
