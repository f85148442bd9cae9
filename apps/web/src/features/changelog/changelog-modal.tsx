import type { ChangelogEntry } from '@erp/domain/changelog/changelog.schemas';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { useMarkViewed } from './changelog-api.ts';
import { ChangelogEntryView } from './changelog-entry-view.tsx';

type Props = { open: boolean; onOpenChange(open: boolean): void; entries: ChangelogEntry[] };

/** Seed section 2, changelog modal 'Sistemska ažuriranja'. */
export function ChangelogModal({ open, onOpenChange, entries }: Props) {
  const { t } = useTranslation('app');
  const mark = useMarkViewed();
  const confirm = async () => {
    // A failed mark is swallowed: the modal closes anyway and the unseen list is read again.
    await mark.mutateAsync(entries.map((e) => e.id)).catch(() => undefined);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('changelog.title')}
        description={t('changelog.subtitle')}
        // Seed: the buttons are close and 'Potvrdi pregled'; one close button, named 'Zatvori'.
        closeIcon={false}
        icon={
          <div className="flex size-10 items-center justify-center rounded-full bg-accent text-primary">
            <BellRing className="size-5" aria-hidden />
          </div>
        }
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">{t('common:actions.close')}</Button>
            </DialogClose>
            {entries.length > 0 && (
              <Button loading={mark.isPending} onClick={confirm}>
                {mark.isPending ? t('changelog.marking') : t('changelog.confirm')}
              </Button>
            )}
          </>
        }
      >
        {entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="changelog-empty">
            <CheckCircle2 className="size-10 text-success" aria-hidden />
            <p className="font-medium">{t('changelog.upToDate')}</p>
          </div>
        ) : (
          <div className="space-y-6">
            {entries.map((entry) => (
              <ChangelogEntryView key={entry.id} entry={entry} />
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
