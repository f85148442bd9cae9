import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { statusChangeOptions } from './status-change.ts';

type Rec = { id: string; status: string; actions: string[] };
const KEY = ['documents', 'detail', 'd1'];
const NEXT: Record<string, Rec> = {
  send: { id: 'd1', status: 'sent', actions: ['accept', 'reject'] },
  unsend: { id: 'd1', status: 'draft', actions: ['send'] },
};

/** A server call the test answers by hand, so the state in between can be looked at. */
function deferred<R>() {
  let resolve!: (r: R) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<R>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(opts: { undo?: boolean } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData<Rec>(KEY, { id: 'd1', status: 'draft', actions: ['send'] });
  qc.setQueryData(['documents', 'list'], { rows: 1 });
  const toast = vi.fn();
  const calls: { action: string; answer: ReturnType<typeof deferred<Rec>> }[] = [];
  const again = vi.fn();
  const options = statusChangeOptions<Rec, string, Rec>(
    qc,
    toast,
    {
      queryKey: KEY,
      mutationFn: (action) => {
        const answer = deferred<Rec>();
        calls.push({ action, answer });
        return answer.promise;
      },
      predict: (current, action) => ({ ...current, ...NEXT[action] }),
      answer: (result) => result,
      refresh: [['documents', 'list']],
      errorText: (e) => `übersetzt: ${(e as Error).message}`,
      undo: opts.undo
        ? (_r, action) => (action === 'send' ? { title: 'Poslano', label: 'Poništi', vars: 'unsend' } : null)
        : undefined,
    },
    again,
  );
  const observer = new MutationObserver(qc, options);
  return { qc, toast, calls, again, observer };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('optimistic status change', () => {
  it('shows the new status and its actions before the server answers, then the answer', async () => {
    const { qc, toast, calls, observer } = setup();
    const done = observer.mutate('send');
    await flush();
    // The server has not answered yet: the badge and actions already moved.
    expect(calls.map((c) => c.action)).toEqual(['send']);
    expect(qc.getQueryData(KEY)).toEqual({ id: 'd1', status: 'sent', actions: ['accept', 'reject'] });
    calls[0]?.answer.resolve({ id: 'd1', status: 'sent', actions: ['accept', 'reject', 'expire'] });
    await done;
    expect(qc.getQueryData<Rec>(KEY)?.actions).toEqual(['accept', 'reject', 'expire']);
    expect(toast).not.toHaveBeenCalled();
    // Re-read afterwards: the record and the lists are marked stale.
    expect(qc.getQueryState(KEY)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['documents', 'list'])?.isInvalidated).toBe(true);
  });

  it('puts the old status back and shows the translated refusal when the server says no', async () => {
    const { qc, toast, calls, observer } = setup();
    const done = observer.mutate('send').catch((e: Error) => e.message);
    await flush();
    expect(qc.getQueryData<Rec>(KEY)?.status).toBe('sent');
    calls[0]?.answer.reject(new Error('INVALID_TRANSITION'));
    expect(await done).toBe('INVALID_TRANSITION');
    expect(qc.getQueryData(KEY)).toEqual({ id: 'd1', status: 'draft', actions: ['send'] });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ type: 'error', title: 'übersetzt: INVALID_TRANSITION' });
    expect(qc.getQueryState(KEY)?.isInvalidated).toBe(true);
  });

  it('offers Undo where the action has an inverse, and Undo runs the inverse', async () => {
    const { toast, calls, again, observer } = setup({ undo: true });
    const done = observer.mutate('send');
    await flush();
    calls[0]?.answer.resolve(NEXT.send as Rec);
    await done;
    expect(toast).toHaveBeenCalledTimes(1);
    const shown = toast.mock.calls[0]?.[0] as { title: string; action: { label: string; onClick(): void } };
    expect(shown.title).toBe('Poslano');
    expect(shown.action.label).toBe('Poništi');
    expect(again).not.toHaveBeenCalled();
    shown.action.onClick();
    expect(again).toHaveBeenCalledWith('unsend');
  });

  it('leaves an uncached record alone (nothing to predict from) and still re-reads it', async () => {
    const { qc, calls, observer } = setup();
    qc.removeQueries({ queryKey: KEY });
    const done = observer.mutate('send');
    await flush();
    expect(qc.getQueryData(KEY)).toBeUndefined();
    calls[0]?.answer.reject(new Error('NOT_FOUND'));
    await done.catch(() => undefined);
    expect(qc.getQueryData(KEY)).toBeUndefined();
  });
});
