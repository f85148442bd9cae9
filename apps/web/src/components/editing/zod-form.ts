import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { input, output, ZodType } from 'zod';

/**
 * The form recipe of every editor (issue 20): react-hook-form validated by the domain's schema,
 * the same one the server route parses. The schema's messages are i18n keys of `common`
 * (`validation.*`), so the form shows the server's words before the request is sent.
 *
 * `Values` are the fields as typed (defaults to the schema's input); when the inputs hold text
 * that the schema turns into something else, name them: `useZodForm<typeof schema, MyValues>(…)`.
 * `handleSubmit` hands the schema's output (the request body) to its callback.
 */
export function useZodForm<S extends ZodType, Values extends FieldValues = input<S> & FieldValues>(
  schema: S,
  options: Omit<UseFormProps<Values, unknown, output<S>>, 'resolver'> = {},
): UseFormReturn<Values, unknown, output<S>> {
  return useForm<Values, unknown, output<S>>({ ...options, resolver: formResolver<S, Values>(schema) });
}

/** The resolver of `useZodForm`: the schema's input types follow the fields' (text) form. */
export function formResolver<S extends ZodType, Values extends FieldValues = input<S> & FieldValues>(
  schema: S,
): Resolver<Values, unknown, output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, output<S>>;
}

/** One validation failure: the field's dotted path (`contacts.0.email`) and its i18n key. */
export type FormIssue = { path: string; message: string };

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/**
 * Every failure of a form, nested fields included, in the schema's order. A list's own error
 * (`contacts.root`) and the form's (`root`) carry the list's path (`contacts`, ''). An error
 * without a message (a rule of the form itself) reads as `validation.invalid`.
 */
export function errorsOf(errors: FieldErrors): FormIssue[] {
  const found: FormIssue[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    if (isFieldError(node)) {
      found.push({ path: path.join('.'), message: node.message || 'validation.invalid' });
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, key === 'root' ? path : [...path, key]);
  };
  walk(errors, []);
  return found;
}

/**
 * The form's failures as translated sentences for `FormErrors`, each prefixed with its field's
 * label when `label` names one (return '' to show the message alone); `server` (the answer to
 * the last save) follows them.
 */
export function useFormMessages(
  errors: FieldErrors,
  options: { label?: (path: string) => string; server?: readonly (string | null | undefined)[] } = {},
): string[] {
  const { t } = useTranslation('common');
  const text = (key: string) => t(key, { defaultValue: t('validation.invalid') });
  return [
    ...errorsOf(errors).map(({ path, message }) => {
      const label = options.label?.(path);
      return label ? `${label}: ${text(message)}` : text(message);
    }),
    ...(options.server ?? []).filter((m): m is string => Boolean(m)),
  ];
}

/** The translated message of one field (for an inline error under the input), or undefined. */
export function useFieldMessage(errors: FieldErrors): (path: string) => string | undefined {
  const { t } = useTranslation('common');
  const issues = errorsOf(errors);
  return (path) => {
    const issue = issues.find((i) => i.path === path);
    return issue ? t(issue.message, { defaultValue: t('validation.invalid') }) : undefined;
  };
}

/** A form's failures for `values` outside React (a unit test of a form's rules), in field order. */
export async function validateForm<S extends ZodType>(schema: S, values: unknown): Promise<FormIssue[]> {
  const result = await formResolver(schema)(values as input<S> & FieldValues, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return errorsOf(result.errors);
}
