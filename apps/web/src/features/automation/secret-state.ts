/**
 * The webhook secret a new rule's save hands to the rule's own page through the navigation
 * state (the editor is a new component there, so its own state is gone); null when none.
 */
export function secretFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const secret = (state as { webhookSecret?: unknown }).webhookSecret;
  return typeof secret === 'string' && secret.length > 0 ? secret : null;
}
