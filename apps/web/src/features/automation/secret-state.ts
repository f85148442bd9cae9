/**
 * The webhook secret a new rule's save hands to the rule's own page through the navigation
 * state (the editor is a new component there, so its own state is gone); null when none.
 */
export function secretFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const secret = (state as { webhookSecret?: unknown }).webhookSecret;
  return typeof secret === 'string' && secret.length > 0 ? secret : null;
}

/** The webhook refusals the server records (webhook.ts urlProblem), as translation keys. */
const REFUSALS: Array<[RegExp, string]> = [
  [/private address (\S+)/, 'refused.private'],
  [/invalid URL/, 'refused.invalid'],
  [/only http and https/, 'refused.scheme'],
  [/credentials in the URL/, 'refused.credentials'],
];

/** A run's error as a translation key and values when it is a known refusal, else null. */
export function refusalKey(error: string): { key: string; address?: string } | null {
  for (const [pattern, key] of REFUSALS) {
    const m = pattern.exec(error.trim());
    if (m) return m[1] ? { key, address: m[1] } : { key };
  }
  return null;
}
