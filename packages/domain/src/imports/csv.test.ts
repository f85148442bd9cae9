import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it("takes off the export's formula guard, and only that", () => {
    const text =
      "\uFEFFNaziv;Telefon;Napomena\n'-Rabat d.o.o.;'+385 1 2345 678;'@ured\nO'Brien;'nije formula;\"'=1+1\"\n";
    expect(parseCsv(text)).toEqual([
      ['Naziv', 'Telefon', 'Napomena'],
      ['-Rabat d.o.o.', '+385 1 2345 678', '@ured'],
      ["O'Brien", "'nije formula", '=1+1'],
    ]);
  });
});
