import { AlertCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Seed section 5: all validation errors listed together, in red, in one box. */
export function FormErrors({ messages, className }: { messages: readonly string[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn('rounded-md border border-danger/40 bg-danger-soft p-3 text-sm text-danger', className)}
    >
      <div className="flex gap-2">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <ul className="space-y-1">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
