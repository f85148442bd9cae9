/** Seed section 2: full name, else the part of the email before the @, else the fallback ('Korisnik'). */
export function displayName(
  name: string | null | undefined,
  email: string | null | undefined,
  fallback: string,
) {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  return local || fallback;
}

/** Company name, else the fallback ('Tvrtka'). */
export function companyName(name: string | null | undefined, fallback: string) {
  return name?.trim() || fallback;
}

/** First letters of up to two words of the name, upper-cased. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}
