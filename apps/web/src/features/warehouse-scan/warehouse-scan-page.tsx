import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeedbackBar, useFeedback, useWedgeScanner } from '../../components/scanner/use-scanner.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatQuantity } from '../../lib/format.ts';
import { errorText, type Item, inventoryKeys, useLiveStock } from '../inventory/inventory-api.ts';
import { lookupCode, type ScanHit } from '../shop-floor/shop-floor-api.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  afterPosting,
  applyScan,
  enterLot,
  enterQuantity,
  generateLotNumber,
  initialState,
  MODES,
  type Mode,
  postingOf,
  preferredKinds,
  type Resolved,
  type ScannedItem,
  type ScanState,
  type Step,
  stepBack,
  stepsOf,
} from './scan-state.ts';
import { getScanItem, postScan, reverseScan } from './warehouse-scan-api.ts';

const BIG = 'min-h-12 min-w-12 px-5 text-base';

type Posting = {
  id: string;
  at: string;
  mode: Mode;
  text: string;
  reversed: boolean;
};

const newKey = () => crypto.randomUUID();
const toItem = (i: Item): ScannedItem => ({
  id: i.id,
  sku: i.sku,
  name: i.name,
  unit: i.base_unit,
  lotTracked: i.lot_tracked,
});

/**
 * Warehouse scanning (/inventory/scan): receive, move and issue stock with a handheld or a tablet by
 * scanning the location and the item or lot label and typing only the quantity. A keyboard-wedge
 * scanner works with no field focused; targets are at least 48 px.
 */
export function WarehouseScanPage() {
  const { t, i18n } = useTranslation('warehouse');
  useLiveStock();
  const qc = useQueryClient();
  const canPost = usePermission('inventory.write');
  const { feedback, show } = useFeedback();
  const [state, setState] = useState<ScanState>(() => initialState('receive'));
  const stateRef = useRef(state);
  stateRef.current = state;
  const [qtyText, setQtyText] = useState('');
  const [lotText, setLotText] = useState('');
  const [manual, setManual] = useState('');
  const [busy, setBusy] = useState(false);
  const [postings, setPostings] = useState<Posting[]>([]);
  // One key per movement: a retry after a lost answer is a replay, never a second posting.
  const key = useRef(newKey());
  const qtyRef = useRef<HTMLInputElement>(null);
  const lotRef = useRef<HTMLInputElement>(null);
  const qty = (v: string) => formatQuantity(v, i18n.language);

  const detail = useQuery({
    queryKey: inventoryKeys.item(state.item?.id ?? ''),
    queryFn: ({ signal }) => getScanItem(state.item?.id ?? '', signal),
    enabled: !!state.item,
  });
  const here = (detail.data?.balances ?? []).filter(
    (b) => b.location_id === state.location?.id && (!state.lot?.id || b.lot_id === state.lot.id),
  );
  const onHandHere = here.reduce((sum, b) => sum + Number(b.quantity), 0); // display only

  useEffect(() => {
    if (state.step === 'quantity') qtyRef.current?.focus();
    else if (state.step === 'lot') lotRef.current?.focus();
    else if (document.activeElement instanceof HTMLElement && document.activeElement.tagName === 'INPUT')
      document.activeElement.blur(); // scans need no focus; a focused field would take the keys
  }, [state.step]);

  const describe = (s: ScanState, outcome: string): string => {
    if (outcome === 'location') return t('scan.location', { location: s.location?.label });
    if (outcome === 'to') return t('scan.to', { location: s.to?.label });
    if (outcome === 'lotEntered') return t('scan.lotEntered', { lot: s.lot?.number });
    if (outcome === 'lot')
      return t('scan.lot', { lot: s.lot?.number, item: `${s.item?.sku} · ${s.item?.name}` });
    if (outcome === 'item')
      return s.step === 'lot'
        ? t('scan.itemNeedsLot', { item: `${s.item?.sku} · ${s.item?.name}` })
        : t('scan.item', { item: `${s.item?.sku} · ${s.item?.name}` });
    return t(`scan.${outcome}`);
  };

  /** Picks the hit the current step wants and reads the item behind an item or lot label. */
  const resolve = async (hits: ScanHit[], s: ScanState): Promise<Resolved> => {
    const order = preferredKinds(s.step);
    const lots = hits.filter((h) => h.kind === 'lot');
    const ranked = [...hits]
      .filter((h) => h.kind !== 'work_order')
      .sort((a, b) => order.indexOf(a.kind as 'item') - order.indexOf(b.kind as 'item'));
    const hit =
      ranked[0]?.kind === 'lot' ? (lots.find((l) => l.item_id === s.item?.id) ?? ranked[0]) : ranked[0];
    if (!hit) return null;
    if (hit.kind === 'location') return { kind: 'location', location: { id: hit.id, label: hit.label } };
    const itemId = hit.kind === 'lot' ? (hit.item_id ?? '') : hit.id;
    const d = await qc.fetchQuery({
      queryKey: inventoryKeys.item(itemId),
      queryFn: () => getScanItem(itemId),
      staleTime: 0,
    });
    const item = toItem(d.item);
    if (hit.kind === 'item') return { kind: 'item', item };
    return { kind: 'lot', item, lot: { id: hit.id, number: hit.label.split(' · ')[0] ?? hit.label } };
  };

  const post = async (s: ScanState) => {
    const { path, body } = postingOf(s);
    setBusy(true);
    try {
      const doc = await postScan(path, body, key.current);
      key.current = newKey();
      const lot = doc.lines[0]?.lot_number;
      const text = t(`done.${s.mode}`, {
        qty: qty(s.quantity),
        unit: s.item?.unit,
        item: `${s.item?.sku}${lot ? ` / ${lot}` : ''}`,
        from: s.location?.label,
        to: s.to?.label,
      });
      setPostings((p) => [
        { id: doc.id, at: new Date().toISOString(), mode: s.mode, text, reversed: false },
        ...p,
      ]);
      show('ok', text);
      setQtyText('');
      setLotText('');
      setState(afterPosting(s));
      void qc.invalidateQueries({ queryKey: inventoryKeys.all });
    } catch (e) {
      // Refused: nothing was posted, so the corrected movement gets a fresh key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) key.current = newKey();
      show('error', errorText(t, e));
      if (s.mode === 'move') setState({ ...s, to: null });
    } finally {
      setBusy(false);
    }
  };

  const onCode = async (code: string) => {
    setManual('');
    try {
      const hits = await lookupCode(code);
      const s = stateRef.current;
      if (!canPost) {
        const hit = hits.find((h) => h.kind !== 'work_order');
        show(
          hit ? 'ok' : 'error',
          hit ? t(`recognised.${hit.kind}`, { label: hit.label }) : t('scan.unknownCode', { code }),
        );
        return;
      }
      const resolved = await resolve(hits, s);
      const { state: next, outcome } = applyScan(s, resolved, code);
      if (!outcome.ok) {
        show(
          'error',
          outcome.message === 'unknown' ? t('scan.unknownCode', { code }) : t(`scan.${outcome.message}`),
        );
        // A refused scan into the focused quantity field must not leave its characters there.
        if (s.step === 'quantity') setQtyText('');
        return;
      }
      if (next.step !== s.step || next.item !== s.item) {
        setQtyText('');
        setLotText(next.lot?.id == null && next.lot ? next.lot.number : '');
      }
      setState(next);
      show('ok', describe(next, outcome.message));
      if (next.mode === 'move' && next.step === 'to' && next.to) await post(next);
    } catch (e) {
      show('error', errorText(t, e));
    }
  };

  useWedgeScanner(
    (code) => void onCode(code),
    (code) => show('info', t('scan.duplicate', { code })),
  );

  const back = () => {
    setState((s) => stepBack(s));
    setQtyText('');
    setLotText('');
    show('info', t('stepReset'));
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      back();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const submitQuantity = (e: FormEvent) => {
    e.preventDefault();
    const next = enterQuantity(state, qtyText);
    if (!next) {
      show('error', t('badQuantity'));
      return;
    }
    setState(next);
    if (next.mode === 'move') show('info', t('scanTo'));
    else void post(next);
  };
  const submitLot = (e: FormEvent) => {
    e.preventDefault();
    const next = enterLot(state, lotText);
    if (next === state) {
      show('error', t('lotRequired'));
      return;
    }
    setState(next);
    show('ok', t('scan.lotEntered', { lot: next.lot?.number }));
  };
  const setMode = (mode: Mode) => {
    // The worker is still at the same shelf: its location stays.
    setState((s) => ({
      ...initialState(mode),
      location: s.location,
      step: s.location ? 'item' : 'location',
    }));
    setQtyText('');
    setLotText('');
    key.current = newKey();
  };

  const undo = async (p: Posting) => {
    try {
      await reverseScan(p.id);
      setPostings((ps) => ps.map((x) => (x.id === p.id ? { ...x, reversed: true } : x)));
      show('ok', t('undone', { text: p.text }));
      void qc.invalidateQueries({ queryKey: inventoryKeys.all });
    } catch (e) {
      show('error', errorText(t, e));
    }
  };

  const steps = stepsOf(state);
  const current = steps.indexOf(state.step);
  const shownValue = (step: Step): string | null => {
    if (step === 'location') return state.location?.label ?? null;
    if (step === 'item') {
      if (!state.item) return null;
      const lot = state.lot?.id ? ` · ${t('lotShort', { lot: state.lot.number })}` : '';
      return `${state.item.sku} · ${state.item.name}${lot}`;
    }
    if (step === 'lot') return state.lot?.number ?? null;
    if (step === 'quantity')
      return state.quantity ? `${qty(state.quantity)} ${state.item?.unit ?? ''}` : null;
    return state.to?.label ?? null;
  };

  return (
    <div
      className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-background text-foreground"
      data-testid="warehouse-scan"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-2">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <span className="rounded-full bg-surface-2 px-3 py-1 text-sm text-muted">{t('scannerReady')}</span>
        <Link to="/inventory" className={cn(buttonClasses('outline', 'md'), 'ml-auto', BIG)}>
          {t('exit')}
        </Link>
      </header>
      <div className="space-y-3 px-4 pt-3">
        <FeedbackBar feedback={feedback} idle={canPost ? t(`prompt.${state.step}`) : t('readOnly')} />
        {canPost && (
          <div role="tablist" aria-label={t('modeLabel')} className="grid grid-cols-3 gap-2">
            {MODES.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={m === state.mode}
                onClick={() => setMode(m)}
                className={cn(
                  'min-h-12 rounded-lg border text-base font-medium',
                  m === state.mode
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-surface',
                )}
              >
                {t(`mode.${m}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {canPost && (
        <div className="grid gap-4 px-4 py-3 md:grid-cols-[1fr_1fr]">
          <section aria-label={t('stepsLabel')} className="space-y-3">
            <ol className="space-y-2" data-testid="scan-steps">
              {steps.map((step, i) => (
                <li
                  key={step}
                  aria-current={i === current ? 'step' : undefined}
                  data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
                  className={cn(
                    'flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2',
                    i === current ? 'border-primary bg-primary/10' : 'border-border',
                  )}
                >
                  <span
                    className={cn(
                      'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                      i < current
                        ? 'bg-success text-white'
                        : i === current
                          ? 'bg-primary text-primary-foreground'
                          : 'bg-surface-2',
                    )}
                    aria-hidden
                  >
                    {i + 1}
                  </span>
                  <span className="flex-1">
                    <span className="block text-sm text-muted">
                      {t(`step.${state.mode === 'move' && step === 'location' ? 'from' : step}`)}
                    </span>
                    <span className="block font-medium" data-testid={`step-${step}`}>
                      {shownValue(step) ?? '—'}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
            <Button variant="outline" className={cn(BIG, 'w-full')} onClick={back} aria-keyshortcuts="Escape">
              {t('reset')}
            </Button>
          </section>
          <section aria-label={t('inputLabel')} className="space-y-3">
            {state.step === 'lot' && (
              <form onSubmit={submitLot} className="space-y-2 rounded-lg border border-border p-3" noValidate>
                <label htmlFor="scan-lot" className="block font-medium">
                  {t('lotNumber')}
                </label>
                <p className="text-sm text-muted">{t('lotHint')}</p>
                <Input
                  id="scan-lot"
                  ref={lotRef}
                  value={lotText}
                  onChange={(e) => setLotText(e.target.value)}
                  className="h-12 text-lg"
                  autoComplete="off"
                />
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    className={BIG}
                    onClick={() => setLotText(generateLotNumber(new Date()))}
                  >
                    {t('generateLot')}
                  </Button>
                  <Button type="submit" className={cn(BIG, 'flex-1')}>
                    {t('next')}
                  </Button>
                </div>
              </form>
            )}
            {state.step === 'quantity' && (
              <form
                onSubmit={submitQuantity}
                className="space-y-2 rounded-lg border border-border p-3"
                noValidate
              >
                <label htmlFor="scan-qty" className="block font-medium">
                  {t('quantityOf', {
                    item: `${state.item?.sku} · ${state.item?.name}`,
                    unit: state.item?.unit,
                  })}
                </label>
                {state.mode !== 'receive' && detail.data && (
                  <p className="text-sm text-muted" data-testid="scan-on-hand">
                    {t('onHandHere', {
                      qty: qty(String(onHandHere)),
                      unit: state.item?.unit,
                      location: state.location?.label,
                    })}
                  </p>
                )}
                <Input
                  id="scan-qty"
                  ref={qtyRef}
                  inputMode="decimal"
                  autoComplete="off"
                  value={qtyText}
                  onChange={(e) => setQtyText(e.target.value)}
                  className="h-14 text-2xl tabular-nums"
                />
                <Button type="submit" loading={busy} className={cn(BIG, 'w-full')}>
                  {state.mode === 'move' ? t('next') : t(`post.${state.mode}`)}
                </Button>
              </form>
            )}
            {state.step === 'to' && busy && <p className="text-muted">{t('posting')}</p>}
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (manual.trim()) void onCode(manual.trim());
              }}
            >
              <label htmlFor="scan-manual" className="sr-only">
                {t('manualCode')}
              </label>
              <Input
                id="scan-manual"
                placeholder={t('manualCode')}
                value={manual}
                onChange={(e) => setManual(e.target.value)}
                className="h-12 flex-1"
                autoComplete="off"
              />
              <Button type="submit" variant="secondary" className={BIG}>
                {t('lookup')}
              </Button>
            </form>
          </section>
        </div>
      )}
      {canPost && (
        <section aria-labelledby="scan-session" className="px-4 pb-6">
          <h2 id="scan-session" className="mb-2 text-lg font-semibold">
            {t('session')}
          </h2>
          {postings.length === 0 ? (
            <p className="text-muted">{t('sessionEmpty')}</p>
          ) : (
            <ul className="space-y-2" data-testid="scan-postings">
              {postings.map((p) => (
                <li
                  key={p.id}
                  data-testid="scan-posting"
                  className={cn(
                    'flex min-h-12 items-center gap-3 rounded-lg border border-border px-3 py-2',
                    p.reversed && 'opacity-60',
                  )}
                >
                  <span className={cn('flex-1', p.reversed && 'line-through')}>{p.text}</span>
                  {p.reversed ? (
                    <span className="text-sm text-muted">{t('reversed')}</span>
                  ) : (
                    <Button variant="outline" className={BIG} onClick={() => void undo(p)}>
                      {t('undo')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
