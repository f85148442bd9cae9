import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Input, type InputProps } from './input.tsx';

export function PasswordInput({ className, ...rest }: Omit<InputProps, 'type'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...rest} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted hover:text-foreground"
        aria-label={visible ? t('password.hide') : t('password.show')}
        aria-pressed={visible}
        aria-controls={rest.id}
        // A read-only field (the prerendered sign-in copy) cannot be shown or hidden yet.
        disabled={rest.readOnly}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
