import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
/** Seed section 3: id, title, description, duration, type. */
export type Toast = {
  id: string;
  title: string;
  description?: string;
  duration: number;
  type: ToastType;
  /** One action beside the text, e.g. Undo (issue 12); clicking it also closes the toast. */
  action?: { label: string; onClick: () => void };
};
export type ToastInput = Omit<Toast, 'id' | 'duration' | 'type'> & { duration?: number; type?: ToastType };

/** Seed section 9: toasts stay 4000 ms unless told otherwise. */
export const TOAST_DEFAULT_DURATION = 4000;

type ToastApi = { toast(input: ToastInput): string; dismiss(id: string): void };

const ToastContext = createContext<ToastApi | null>(null);

const ICONS = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, info: Info } as const;
const STYLES: Record<ToastType, string> = {
  success: 'border-success/40 [&_svg.toast-icon]:text-success',
  error: 'border-danger/40 [&_svg.toast-icon]:text-danger',
  warning: 'border-warning/40 [&_svg.toast-icon]:text-warning',
  info: 'border-info/40 [&_svg.toast-icon]:text-info',
};

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback((input: ToastInput) => {
    counter += 1;
    const id = `toast-${counter}`;
    const next: Toast = {
      ...input,
      id,
      type: input.type ?? 'info',
      duration: input.duration ?? TOAST_DEFAULT_DURATION,
    };
    setToasts((list) => [...list.slice(-4), next]);
    return id;
  }, []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss(id: string): void }) {
  const { t } = useTranslation('common');
  return (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: string): void }) {
  const { t } = useTranslation('common');
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  useEffect(() => {
    if (paused || toast.duration <= 0) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id, toast.duration, onDismiss]);
  const Icon = ICONS[toast.type];
  return (
    // Hover and focus pause the timer (WCAG 2.2.1); the element is a live region, not a control.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing is a convenience, not an interaction
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className={cn(
        'pointer-events-auto animate-toast-in flex items-start gap-3 rounded-lg border bg-surface p-4 shadow-lg',
        STYLES[toast.type],
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className="toast-icon mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-foreground">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm text-muted">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          className="-my-1 rounded px-2 py-1 text-sm font-semibold text-primary hover:bg-surface-2"
          onClick={() => {
            toast.action?.onClick();
            onDismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="-m-1 rounded p-1 text-muted hover:text-foreground"
        aria-label={t('actions.close')}
        onClick={() => onDismiss(toast.id)}
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
