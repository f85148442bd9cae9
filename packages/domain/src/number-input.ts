/**
 * The one rule for amounts and quantities typed by people (UX: "accept the format you display").
 *
 * Accepted, whatever the interface language:
 *   - the Croatian display format: "1.000,00", "0,5", "1 000,5" (dots or spaces group thousands,
 *     the comma is the decimal separator);
 *   - the plain format of files and APIs: "1000.5", "88.56";
 *   - a leading minus ("-" or the typographic "−") where the field allows negatives.
 * Reading:
 *   - spaces (also the no-break and thin spaces Intl prints) are thousands separators and dropped;
 *   - with both "." and "," present, the one that comes last is the decimal separator and the
 *     other one groups thousands ("1.000,50", "1,000.50");
 *   - one separator that occurs several times groups thousands ("1.000.000");
 *   - one separator that occurs once is the decimal separator ("0,5", "1000.5", "1.5"), except on
 *     a screen (`decimalSeparator` given): there the language's thousands separator before exactly
 *     three digits groups thousands, because that is how the screen shows the number: "1.000" is
 *     one thousand in Croatian (and "1,000" in English); "0.125", "1.5" and "1000.5" stay decimals.
 *     Without `decimalSeparator` (API bodies, files) a single separator is always the decimal one;
 *   - grouped digits come in threes after the first group, so "1.00,5" is refused, not guessed.
 * The result is a plain decimal string ("1000.5") or null when the text is not a number.
 */
export type DecimalSeparator = ',' | '.';

const SPACES = /[\s\u00a0\u2007\u2009\u202f']/g;

export function parseDecimalInput(text: string, decimalSeparator?: DecimalSeparator): string | null {
  let s = text.replace(SPACES, '');
  let sign = '';
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    sign = '-';
    s = s.slice(1);
  }
  if (s === '' || !/^[\d.,]+$/.test(s)) return null;
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let decimalMark: DecimalSeparator | null = null;
  if (dots > 0 && commas > 0) decimalMark = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
  else if (dots === 1 || commas === 1) {
    const mark: DecimalSeparator = dots === 1 ? '.' : ',';
    const groupsThousands =
      decimalSeparator !== undefined && mark !== decimalSeparator && /^[1-9]\d{0,2}[.,]\d{3}$/.test(s);
    decimalMark = groupsThousands ? null : mark;
  }
  let whole = s;
  let fraction = '';
  if (decimalMark) {
    const at = s.lastIndexOf(decimalMark);
    whole = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (fraction.includes('.') || fraction.includes(',')) return null;
    if (!/^\d+$/.test(fraction)) return null;
  }
  // Whatever is left of the decimal mark uses one grouping separator, in groups of three.
  const groupMarks = whole.match(/[.,]/g) ?? [];
  if (groupMarks.length > 0) {
    if (new Set(groupMarks).size > 1) return null;
    const digits = whole.split(groupMarks[0] as string);
    const [first = '', ...rest] = digits;
    if (!/^\d{1,3}$/.test(first) || rest.some((d) => !/^\d{3}$/.test(d))) return null;
    whole = digits.join('');
  }
  if (whole === '' && fraction === '') return null;
  const normalWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  return `${sign}${normalWhole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * For a value on its way to the API: the plain decimal when the text reads as a number, the text
 * as typed (trimmed) when it does not, so the server refuses it with its translated message.
 */
export function decimalInputToApi(text: string, decimalSeparator?: DecimalSeparator): string {
  return parseDecimalInput(text, decimalSeparator) ?? text.trim();
}
