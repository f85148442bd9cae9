/**
 * The line grid's pure rules (no DOM): where Enter goes, and how the pinned columns and the
 * grid's least width are laid out from the columns' CSS tracks.
 */

/** The cell Enter moves to, and whether a line is added first; null = stay. */
export type EnterMove = { index: number; col: string; add: boolean } | null;

/**
 * Enter on a filled line of a grid that takes new lines goes to the next line's item cell (a new
 * line on the last one): the next line starts where lines start. Anywhere else (a line not filled
 * yet, a fixed grid such as a count sheet, a grid without an item column) Enter moves down the
 * same column, adding a line after the last one where lines can be added.
 */
export function enterMove(o: {
  index: number;
  rows: number;
  col: string;
  itemCol: string | undefined;
  filled: boolean;
  canAdd: boolean;
}): EnterMove {
  const col = o.itemCol && o.canAdd && o.filled ? o.itemCol : o.col;
  if (o.index < o.rows - 1) return { index: o.index + 1, col, add: false };
  return o.canAdd ? { index: o.index + 1, col, add: true } : null;
}

/** The least size of a CSS track: '14rem' → '14rem', 'minmax(8rem, 1fr)' → '8rem', '1fr' → '0px'. */
export function trackMin(track: string): string {
  const m = /^minmax\(\s*([^,]+?)\s*,/.exec(track.trim());
  const min = (m?.[1] ?? track).trim();
  return /fr$|^auto$|content$/.test(min) ? '0px' : min;
}

/** A CSS sum of lengths ('0px' for none). */
export const cssSum = (lengths: readonly string[]) =>
  lengths.length === 0
    ? '0px'
    : lengths.length === 1
      ? (lengths[0] as string)
      : `calc(${lengths.join(' + ')})`;

/**
 * Offsets of pinned tracks: a track pinned to the start sticks at the sum of the pinned tracks
 * before it, one pinned to the end at the sum of those after it. Unpinned tracks get no offset.
 */
export function pinOffsets(tracks: readonly { width: string; pin?: 'start' | 'end' }[]) {
  return tracks.map((t, i) => {
    if (t.pin === 'start')
      return {
        left: cssSum(
          tracks
            .slice(0, i)
            .filter((x) => x.pin === 'start')
            .map((x) => x.width),
        ),
      };
    if (t.pin === 'end')
      return {
        right: cssSum(
          tracks
            .slice(i + 1)
            .filter((x) => x.pin === 'end')
            .map((x) => x.width),
        ),
      };
    return {};
  });
}
