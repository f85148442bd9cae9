import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Label({ className, children, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers always pass htmlFor
    <label className={cn('mb-1.5 block text-sm font-medium text-foreground', className)} {...rest}>
      {children}
    </label>
  );
}
