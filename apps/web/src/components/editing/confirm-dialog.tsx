import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

type Ask = { title: string; text: string; confirm: string };

/**
 * One confirmation for an irreversible action, naming the action and the record (UX.md): e.g.
 * "Izdati račun R-2026-0004?". `ask` resolves true when confirmed.
 */
export function useConfirm(): [ReactNode, (ask: Ask) => Promise<boolean>] {
  const { t } = useTranslation('ux-grid');
  const [open, setOpen] = useState<Ask | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback(
    (a: Ask) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpen(a);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpen(null);
  };
  const element = (
    <Dialog open={open !== null} onOpenChange={(o) => !o && close(false)}>
      {open && (
        <DialogContent
          title={open.title}
          description={open.text}
          footer={
            <>
              <Button variant="outline" onClick={() => close(false)}>
                {t('confirm.cancel')}
              </Button>
              <Button onClick={() => close(true)} data-testid="confirm-action">
                {open.confirm}
              </Button>
            </>
          }
        />
      )}
    </Dialog>
  );
  return [element, ask];
}
