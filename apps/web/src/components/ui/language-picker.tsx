import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageOf } from '../../languages.ts';
import { cn } from '../../lib/cn.ts';

/**
 * A native select: accessible by default and light enough for the public pages' small bundle.
 * Choosing a language caches it in localStorage (the detector's cache).
 */
export function LanguagePicker({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const value = languageOf(i18n);
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('language.label')}
      </label>
      {!showLabel && <Languages className="size-4 text-muted" aria-hidden />}
      <select
        id={id}
        value={value}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground"
        data-testid="language-picker"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {`${l.flag} ${l.name}`}
          </option>
        ))}
      </select>
    </div>
  );
}
