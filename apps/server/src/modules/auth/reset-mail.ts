import type { MailLanguage } from '@erp/domain';

type Texts = { subject: string; body: (url: string, minutes: number) => string };

/** The reset mail in each interface language (the one the user had chosen when asking). */
export const RESET_MAIL: Record<MailLanguage, Texts> = {
  hr: {
    subject: 'Postavljanje nove lozinke',
    body: (url, m) =>
      `Zatražena je nova lozinka za vaš račun.\n\nOtvorite ovu poveznicu i upišite novu lozinku (vrijedi ${m} minuta i samo jednom):\n${url}\n\nAko niste vi zatražili promjenu, zanemarite ovu poruku: lozinka ostaje ista.`,
  },
  en: {
    subject: 'Set a new password',
    body: (url, m) =>
      `Someone asked for a new password for your account.\n\nOpen this link and enter a new password (it works once, for ${m} minutes):\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  },
  sl: {
    subject: 'Nastavitev novega gesla',
    body: (url, m) =>
      `Za vaš račun je bilo zahtevano novo geslo.\n\nOdprite to povezavo in vnesite novo geslo (velja ${m} minut in samo enkrat):\n${url}\n\nČe tega niste zahtevali vi, sporočilo prezrite: geslo ostane nespremenjeno.`,
  },
  de: {
    subject: 'Neues Passwort festlegen',
    body: (url, m) =>
      `Für Ihr Konto wurde ein neues Passwort angefordert.\n\nÖffnen Sie diesen Link und geben Sie ein neues Passwort ein (gültig ${m} Minuten, nur einmal):\n${url}\n\nWenn Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.`,
  },
  it: {
    subject: 'Imposta una nuova password',
    body: (url, m) =>
      `È stata richiesta una nuova password per il tuo account.\n\nApri questo link e inserisci la nuova password (vale ${m} minuti e una sola volta):\n${url}\n\nSe non sei stato tu, ignora questo messaggio: la password resta invariata.`,
  },
  cs: {
    subject: 'Nastavení nového hesla',
    body: (url, m) =>
      `Pro váš účet bylo vyžádáno nové heslo.\n\nOtevřete tento odkaz a zadejte nové heslo (platí ${m} minut a jen jednou):\n${url}\n\nPokud jste o změnu nežádali vy, zprávu ignorujte: heslo zůstane beze změny.`,
  },
};
