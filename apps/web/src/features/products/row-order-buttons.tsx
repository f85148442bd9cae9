import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';

/** A copy of `rows` with the row at `index` moved one place up (-1) or down (1). */
export function moved<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...rows];
  const [row] = next.splice(index, 1);
  if (row !== undefined) next.splice(index + by, 0, row);
  return next;
}

/** Up, down and remove of one row of an editable list (BOM lines, routing steps). */
export function RowOrderButtons(props: {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('production');
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('actions.moveUp')}
        disabled={props.index === 0}
        onClick={() => props.onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('actions.moveDown')}
        disabled={props.index === props.count - 1}
        onClick={() => props.onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t('actions.remove')} onClick={props.onRemove}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </>
  );
}
