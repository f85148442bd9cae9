/**
 * Moves the focus into a document's lines: the item cell of the first line without an item
 * (the first line when all have one). False when the page has no editable line grid.
 */
export function focusFirstOpenLine(root: ParentNode = document): boolean {
  const cells = [
    ...root.querySelectorAll<HTMLInputElement>('[data-testid="line-grid"] input[role="combobox"]'),
  ];
  const cell = cells.find((c) => c.value.trim() === '') ?? cells[0];
  if (!cell) return false;
  cell.focus();
  return true;
}
