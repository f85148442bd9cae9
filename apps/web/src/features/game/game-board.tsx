import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  GAME_DOCUMENTS,
  GAME_SECONDS_PER_LEVEL,
  type GameDocumentType,
  gameReducer,
  initialGameState,
  remainingDocuments,
} from '@erp/domain/game/game';
import { CheckCircle2, FileCheck2, FileSpreadsheet, FileText, Receipt, Timer, Trophy } from 'lucide-react';
import { useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

const DROP_ZONE_ID = 'workflow';
const ICONS = { ponuda: FileText, nalog: FileSpreadsheet, otpremnica: FileCheck2, racun: Receipt } as const;
const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** Keyboard dragging: any arrow key moves the card straight onto the workflow zone; Space drops, Escape cancels. */
const toDropZone: KeyboardCoordinateGetter = (event, { context }) => {
  if (!ARROWS.has(event.code)) return undefined;
  const rect = context.droppableRects.get(DROP_ZONE_ID);
  if (!rect) return undefined;
  event.preventDefault();
  return { x: rect.left + 12, y: rect.top + 12 };
};

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function DocumentCard({ type, order }: { type: GameDocumentType; order: number }) {
  const { t } = useTranslation('app');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: type,
    data: { order },
  });
  const Icon = ICONS[type];
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <button
      type="button"
      ref={setNodeRef}
      style={style}
      data-testid={`game-card-${type}`}
      className={cn(
        'flex h-20 w-32 touch-none flex-col items-center justify-center gap-1 rounded-lg border-2 border-border bg-surface text-sm font-medium shadow-sm',
        'cursor-grab hover:border-primary',
        isDragging && 'z-10 cursor-grabbing border-primary shadow-lg',
      )}
      {...attributes}
      {...listeners}
    >
      <Icon className="size-6 text-primary" aria-hidden />
      {t(`game.documents.${type}`)}
    </button>
  );
}

function DropZone({ placed }: { placed: number }) {
  const { t } = useTranslation('app');
  const { setNodeRef, isOver } = useDroppable({ id: DROP_ZONE_ID });
  return (
    <div
      ref={setNodeRef}
      data-testid="game-drop-zone"
      className={cn(
        'grid grid-cols-2 gap-2 rounded-xl border-2 border-dashed p-3 sm:grid-cols-4',
        isOver ? 'border-primary bg-accent' : 'border-border bg-surface-2',
      )}
    >
      {GAME_DOCUMENTS.map((doc) => {
        const done = doc.order <= placed;
        return (
          <div
            key={doc.type}
            className={cn(
              'flex h-20 flex-col items-center justify-center rounded-lg border text-xs',
              done ? 'border-success bg-success-soft font-medium text-success' : 'border-border text-muted',
            )}
          >
            <span className="text-lg font-semibold">{doc.order}</span>
            {done ? (
              <span className="flex items-center gap-1">
                <CheckCircle2 className="size-3.5" aria-hidden />
                {t(`game.documents.${doc.type}`)}
              </span>
            ) : (
              <span>{t('game.slotEmpty')}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

export function GameBoard() {
  const { t } = useTranslation('app');
  const [state, dispatch] = useReducer(gameReducer, undefined, initialGameState);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toDropZone }),
  );
  // A new shuffle for every level: the position of a card must not give its order away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reshuffle exactly when the level changes
  const pool = useMemo(() => shuffled(GAME_DOCUMENTS), [state.level]);
  const remaining = new Set(remainingDocuments(state).map((d) => d.type));

  useEffect(() => {
    if (state.status !== 'playing') return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [state.status]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over?.id !== DROP_ZONE_ID) return;
    dispatch({ type: 'drop', order: Number(active.data.current?.order) });
  };

  const name = (id: string | number) => t(`game.documents.${String(id)}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('game.announce.start', { name: name(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('game.announce.over', { name: name(active.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('game.announce.dropped', { name: name(active.id) })
        : t('game.announce.cancel', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('game.announce.cancel', { name: name(active.id) }),
  };

  const feedback = state.lastDrop ? t(`game.feedback.${state.lastDrop}`) : t('game.hint');
  return (
    <section aria-labelledby="game-title" className="space-y-4" data-testid="game">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="game-title" className="text-lg font-semibold">
          {t('game.title')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'reset' })}>
          {t('game.newGame')}
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg bg-surface-2 p-2">
          <dt className="text-xs text-muted">{t('game.level')}</dt>
          <dd className="text-xl font-semibold" data-testid="game-level">
            {state.level}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-2">
          <dt className="text-xs text-muted">{t('game.score')}</dt>
          <dd className="text-xl font-semibold" data-testid="game-score">
            {state.score}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-2">
          <dt className="flex items-center justify-center gap-1 text-xs text-muted">
            <Timer className="size-3.5" aria-hidden />
            {t('game.time')}
          </dt>
          <dd
            className={cn('text-xl font-semibold', state.timeLeft <= 10 && 'text-danger')}
            data-testid="game-time"
          >
            {state.timeLeft}
          </dd>
        </div>
      </dl>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-label={t('game.time')}
        aria-valuemin={0}
        aria-valuemax={GAME_SECONDS_PER_LEVEL}
        aria-valuenow={state.timeLeft}
      >
        <div
          className="h-full bg-primary transition-[width] duration-1000 ease-linear"
          style={{ width: `${(state.timeLeft / GAME_SECONDS_PER_LEVEL) * 100}%` }}
        />
      </div>
      {state.status === 'over' ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-border bg-surface-2 p-6 text-center"
          role="status"
        >
          <Trophy className="size-10 text-warning" aria-hidden />
          <p className="text-lg font-semibold">{t('game.over')}</p>
          <p data-testid="game-final-score">{t('game.finalScore', { score: state.score })}</p>
          <Button onClick={() => dispatch({ type: 'reset' })}>{t('game.newGame')}</Button>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('game.instructions') } }}
        >
          <p className="text-sm text-muted" aria-live="polite" data-testid="game-feedback">
            {feedback}
          </p>
          <div className="flex min-h-20 flex-wrap justify-center gap-3">
            {pool
              .filter((d) => remaining.has(d.type))
              .map((d) => (
                <DocumentCard key={`${state.level}-${d.type}`} type={d.type} order={d.order} />
              ))}
          </div>
          <DropZone placed={state.placed} />
        </DndContext>
      )}
    </section>
  );
}
