import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  csvSeparator,
  sameView,
  toCsv,
  viewQuery,
  visibleColumns,
  withoutFilters,
} from './list-state.ts';

const p = (s: string) => new URLSearchParams(s);

describe('list state', () => {
  it('saves the query without the page, in a stable order', () => {
    expect(viewQuery(p('status=sent&page=3&q=abc&sort=-total'))).toBe('q=abc&sort=-total&status=sent');
    expect(sameView('status=sent&q=abc', 'q=abc&page=2&status=sent')).toBe(true);
    expect(sameView('status=sent', 'status=draft')).toBe(false);
  });

  it('counts filters but not paging, sort or columns, and clears only filters', () => {
    expect(activeFilters(p('page=2&sort=name&cols=a,b'))).toEqual([]);
    expect(activeFilters(p('q=x&status=sent&page=2'))).toEqual(['q', 'status']);
    expect(withoutFilters(p('q=x&sort=name&page=4&cols=a')).toString()).toBe('sort=name&cols=a');
  });

  it('reads visible columns, falling back to all', () => {
    expect(visibleColumns(p('cols=total,number'), ['number', 'client', 'total'])).toEqual([
      'number',
      'total',
    ]);
    expect(visibleColumns(p('cols=bogus'), ['number', 'client'])).toEqual(['number', 'client']);
  });

  it('quotes CSV cells and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', '-12.50'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-12.50');
  });
});

describe('list CSV for Croatian Excel (issue 22)', () => {
  it('writes ";" where the decimal mark is a comma and quotes a value holding it', () => {
    expect(csvSeparator('hr')).toBe(';');
    expect(csvSeparator('de')).toBe(';');
    expect(csvSeparator('en')).toBe(',');
    expect(toCsv(['Šifra', 'Cijena'], [['A;1', '1.234,50']], csvSeparator('hr'))).toBe(
      'Šifra;Cijena\r\n"A;1";1.234,50',
    );
  });
});
