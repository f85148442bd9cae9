import type { z } from 'zod';
import type { FieldIssue } from './errors.ts';

/**
 * Zod messages in this package are i18n keys (namespace `common`), never prose, so that server and
 * web report the same problem and the web shows it in the user's language.
 */
const KEY_PREFIXES = ['validation.', 'auth.errors.'];

export function zodIssuesToFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const key = KEY_PREFIXES.some((p) => issue.message.startsWith(p)) ? issue.message : 'validation.invalid';
    const params = issueParams(issue);
    return { field: issue.path.map(String).join('.'), key, ...(params ? { params } : {}) };
  });
}

/** The interpolation values a custom issue carries (e.g. the glass make-up's bad token). */
export function issueParams(issue: unknown): Record<string, string | number> | undefined {
  const params = (issue as { code?: string; params?: unknown })?.params;
  if ((issue as { code?: string })?.code !== 'custom' || !params || typeof params !== 'object')
    return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** Croatian texts of the validation keys: the reference language, used in server error messages. */
export const VALIDATION_MESSAGES_HR: Record<string, string> = {
  'validation.invalid': 'Neispravna vrijednost',
  'validation.formulaEmpty': 'Unesite formulu',
  'validation.formulaTooLong': 'Formula je preduga (najviše 500 znakova)',
  'validation.formulaSyntax': 'Formula nije ispravna kod {{position}}. znaka',
  'validation.formulaUnknownVariable': 'Nepoznata varijabla {{name}} kod {{position}}. znaka',
  'validation.formulaUnknownFunction': 'Nepoznata funkcija {{name}} kod {{position}}. znaka',
  'validation.formulaNotAllowed': 'Ovo nije dopušteno u formuli ({{position}}. znak)',
  'validation.formulaArgumentCount': 'Pogrešan broj argumenata za {{name}} ({{position}}. znak)',
  'validation.formulaDivisionByZero': 'Dijeljenje nulom kod {{position}}. znaka',
  'validation.formulaNotANumber': 'Formula ne daje broj ({{position}}. znak)',
  'validation.bomNegativeQuantity': 'Količina ne smije biti negativna',
  'validation.bomQuantityRequired': 'Unesite količinu ili formulu',
  'validation.bomCycle': 'Sastavnica bi sadržavala samu sebe: {{path}}',
  'validation.variableNameInvalid':
    'Naziv varijable: slova, brojke i _, ne W, H ni naziv funkcije, bez ponavljanja',
  'validation.codeTaken': 'Ova šifra već postoji',
  'validation.itemUnknown': 'Artikl ne postoji',
  'validation.processUnknown': 'Proces ne postoji',
  'validation.marginInvalid': 'Marža mora biti od 0 do manje od 100 %',
  'validation.required': 'Polje je obavezno',
  'validation.emailRequired': 'Email je obavezan',
  'validation.emailInvalid': 'Email format nije valjan',
  'validation.passwordRequired': 'Lozinka je obavezna',
  'validation.passwordMin': 'Lozinka mora imati najmanje 6 znakova',
  'validation.passwordMinSignUp': 'Lozinka mora imati najmanje 8 znakova',
  'validation.passwordMax': 'Lozinka je predugačka',
  'validation.resetTokenInvalid': 'Poveznica za novu lozinku nije valjana ili je istekla',
  'validation.nameRequired': 'Ime je obavezno',
  'validation.nameMin': 'Ime mora imati najmanje 2 znaka',
  'auth.errors.passwordMismatch': 'Lozinke se ne podudaraju',
  'validation.oibInvalid': 'OIB nije valjan',
  'validation.ibanInvalid': 'IBAN nije valjan',
  'validation.urlInvalid': 'Web adresa nije valjana',
  'validation.dateInvalid': 'Datum nije valjan',
  'validation.tooLong': 'Tekst je predugačak',
  'validation.numberInvalid': 'Unesite broj',
  'validation.positive': 'Vrijednost mora biti veća od nule',
  'validation.discountRange': 'Rabat mora biti između 0 i 100 %',
  'validation.duplicate': 'Ova oznaka već postoji',
  'validation.lotRequired': 'Artikl prati lotove: unesite broj lota',
  'validation.sameLocation': 'Odredišna lokacija mora biti različita od izvorne',
  'validation.changelogTypeInvalid': 'Nepoznata vrsta zapisa',
  'validation.vatIdInvalid': 'PDV identifikacijski broj nije valjan',
  'validation.decimalInvalid': 'Unesite broj (npr. 12,50)',
  'validation.outOfRange': 'Vrijednost je izvan dopuštenog raspona',
  'validation.oibTaken': 'Partner s ovim OIB-om već postoji',
  'validation.oibDuplicateInFile': 'Isti OIB već je u retku {{line}}',
  'validation.importNoNameColumn': 'Datoteka nema stupac s nazivom (Naziv)',
  'validation.linesRequired': 'Dodajte barem jednu stavku',
  'validation.prefixInvalid': 'Prefiks smije imati do 12 slova, brojki i znakova - / _ .',
  'validation.unitUnknown': 'Artikl nema tu jedinicu mjere',
  'validation.importMissingColumn': 'Datoteka nema stupac {{column}}',
  'validation.importEmpty': 'Datoteka nema nijednog retka s podacima',
  'validation.importTooManyRows': 'Datoteka ima više od {{max}} redaka; podijelite je',
  'validation.importSkuRepeated': 'Ista šifra već je u retku {{line}}',
  'validation.importUnitUnknown': 'Jedinica mjere {{unit}} ne postoji',
  'validation.importLocationUnknown': 'Lokacija {{code}} ne postoji',
  'validation.importLotNotTracked': 'Artikl ne prati lotove: ostavite broj lota prazan',
  'validation.importStockNotAllowed': 'Vaša uloga ne smije knjižiti početno stanje',
  'validation.glassMakeupInvalid': 'Sastav stakla nije ispravan: „{{token}}” ({{position}}. dio)',
};

export function croatianMessage(issues: FieldIssue[]): string {
  return issues
    .map((i) =>
      (VALIDATION_MESSAGES_HR[i.key] ?? VALIDATION_MESSAGES_HR['validation.invalid'] ?? '').replace(
        /\{\{(\w+)\}\}/g,
        (m, name: string) => (i.params?.[name] !== undefined ? String(i.params[name]) : m),
      ),
    )
    .join('; ');
}
