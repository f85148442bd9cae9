import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses =
  'block w-full rounded-md border border-input bg-surface px-3 h-10 text-sm text-foreground placeholder:text-muted ' +
  'focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ className, invalid, ...rest }: InputProps) {
  return <input className={cn(inputClasses, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ className, invalid, ...rest }: TextareaProps) {
  return (
    <textarea
      className={cn(inputClasses, 'h-auto min-h-20 py-2', className)}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}
