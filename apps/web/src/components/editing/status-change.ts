import {
  type MutationOptions,
  type QueryClient,
  type QueryKey,
  useIsMutating,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { type ToastInput, useToast } from '../ui/toast.tsx';

/**
 * One status change of one cached record (a document, an order, a count...), answered at once
 * (UX.md "Speed and feedback"): the badge and the actions the record offers move before the server
 * replies, go back with a translated error toast when the server refuses, and are re-read from the
 * server afterwards either way.
 */
export type StatusChange<T, V, R> = {
  /** The cached record whose badge and actions follow the change. */
  queryKey: QueryKey;
  /** The server call. */
  mutationFn: (vars: V) => Promise<R>;
  /** The record as it will be once the server agrees: its new status and that status's actions. */
  predict: (current: T, vars: V) => T;
  /** The server's answer as the record, when it is one (shown at once instead of waiting for the re-read). */
  answer?: (result: R, vars: V) => T | undefined;
  /** Other queries to re-read afterwards (lists, stock...); the record itself always is. */
  refresh?: readonly QueryKey[];
  /** The refusal in the user's language. */
  errorText: (error: unknown) => string;
  /** Where the action has an inverse: the success toast offers Undo, which runs `vars` back. */
  undo?: (result: R, vars: V) => { title: string; label: string; vars: V } | null;
};

type Context<T> = { before: T | undefined };
type Toast = (input: ToastInput) => unknown;

/** The mutation options behind `useStatusChange` (plain, so the rollback is testable without a DOM). */
export function statusChangeOptions<T, V, R>(
  qc: QueryClient,
  toast: Toast,
  change: StatusChange<T, V, R>,
  again: (vars: V) => void,
): MutationOptions<R, unknown, V, Context<T>> {
  const key = change.queryKey;
  return {
    mutationKey: statusChangeKey(key),
    mutationFn: change.mutationFn,
    onMutate: async (vars) => {
      // A re-read already on its way would overwrite the predicted record with the old one.
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<T>(key);
      if (before !== undefined) qc.setQueryData<T>(key, change.predict(before, vars));
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before !== undefined) qc.setQueryData<T>(key, context.before);
      toast({ type: 'error', title: change.errorText(error) });
    },
    onSuccess: (result, vars) => {
      const next = change.answer?.(result, vars);
      if (next !== undefined) qc.setQueryData<T>(key, next);
      const undo = change.undo?.(result, vars);
      if (undo)
        toast({
          type: 'success',
          title: undo.title,
          duration: 8000,
          action: { label: undo.label, onClick: () => again(undo.vars) },
        });
    },
    onSettled: () =>
      Promise.all([key, ...(change.refresh ?? [])].map((k) => qc.invalidateQueries({ queryKey: k }))),
  };
}

export const statusChangeKey = (key: QueryKey) => ['status-change', ...key] as const;

/**
 * `run(vars)` changes the status optimistically; `pending` stays true while a change of this record
 * runs, also for a screen that re-mounted meanwhile (some views are keyed by status).
 * The rollback, toast and re-read live in the mutation itself, so they happen even when the
 * component that started the change is gone.
 */
export function useStatusChange<T, V, R>(change: StatusChange<T, V, R>) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const again = useRef<(vars: V) => void>(() => undefined);
  const mutation = useMutation(statusChangeOptions(qc, toast, change, (v) => again.current(v)));
  again.current = mutation.mutate;
  const pending = useIsMutating({ mutationKey: statusChangeKey(change.queryKey) }) > 0;
  return { run: mutation.mutate, pending };
}
