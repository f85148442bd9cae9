/**
 * Croatian personal identification number (OIB): 11 digits, the last one an ISO 7064 MOD 11,10
 * check digit over the first ten.
 */
export function oibCheckDigit(firstTen: string): number {
  let a = 10;
  for (const ch of firstTen) {
    a = (a + Number(ch)) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const control = 11 - a;
  return control === 10 ? 0 : control;
}

export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  return oibCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
