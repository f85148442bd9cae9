/**
 * The palette's selected entry. cmdk keeps whatever value it last selected; when search results
 * arrive after the list was drawn, that value may name an entry that no longer exists, and then
 * nothing is highlighted and Enter does nothing. The palette therefore controls the value: the
 * user's choice counts only for the list it was made in, otherwise the first entry is selected.
 */
export type PaletteChoice = { value: string; list: string };

/** A key for one list of entries (its values in order). */
export const listKey = (values: readonly string[]) => values.join('\n');

export function selectedValue(values: readonly string[], choice: PaletteChoice): string {
  if (choice.list === listKey(values) && values.includes(choice.value)) return choice.value;
  return values[0] ?? '';
}
