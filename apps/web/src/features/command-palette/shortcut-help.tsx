import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { SHORTCUTS, type ShortcutGroup } from './shortcuts.ts';

const GROUPS: ShortcutGroup[] = ['global', 'lists', 'navigation'];

/** Key caps: names of keys (Ctrl/⌘, Esc) are translated, letters shown as they are. */
function Keys({ keys }: { keys: string[] }) {
  const { t } = useTranslation('ux');
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const name = (k: string) =>
    k === 'mod' ? (isMac ? '⌘' : t('keys.ctrl')) : k === 'esc' ? t('keys.esc') : k;
  return (
    <span className="flex gap-1">
      {keys.map((k, i) => (
        <kbd
          // biome-ignore lint/suspicious/noArrayIndexKey: a shortcut's keys are fixed, position is their identity
          key={i}
          className="min-w-6 rounded border border-border bg-surface-2 px-1.5 py-0.5 text-center font-mono text-xs text-foreground"
        >
          {name(k)}
        </kbd>
      ))}
    </span>
  );
}

/** The `?` overlay: every shortcut from the one registry. */
export function ShortcutHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('ux');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('help.title')} description={t('help.description')} className="max-w-2xl">
        <div data-testid="shortcut-help" className="grid gap-6 sm:grid-cols-2">
          {GROUPS.map((group) => (
            <section key={group} aria-labelledby={`shortcuts-${group}`}>
              <h3 id={`shortcuts-${group}`} className="mb-2 text-sm font-semibold text-foreground">
                {t(`help.groups.${group}`)}
              </h3>
              <table className="w-full text-sm">
                <tbody>
                  {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                    <tr key={s.id} className="border-b border-border last:border-0">
                      <td className="py-1.5 pr-3 text-foreground">
                        {s.params
                          ? t(s.labelKey, {
                              section: t((s.params as { section: string }).section),
                            })
                          : t(s.labelKey)}
                      </td>
                      <td className="py-1.5">
                        <Keys keys={s.keys} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
