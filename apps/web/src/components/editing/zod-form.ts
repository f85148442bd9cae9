import { issueParams } from '@erp/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
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
import { shownParams } from '../../lib/error-params.ts';

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

/** The values a message's key is translated with (`{{line}}`, `{{position}}`), kept on the field's error. */
type Params = Record<string, string | number>;
type WithParams = FieldError & { params?: Params };

/**
 * The resolver of `useZodForm`: the schema's input types follow the fields' (text) form. The zod
 * resolver keeps only an issue's message; when a custom issue carries `params` (as the server's
 * error details do), they are put back on the field's error so its sentence can name them.
 */
export function formResolver<S extends ZodType, Values extends FieldValues = input<S> & FieldValues>(
  schema: S,
): Resolver<Values, unknown, output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      const params = issueParams(issue);
      if (!params) continue;
      let node: unknown = result.errors;
      for (const key of issue.path)
        node = (node as Record<PropertyKey, unknown> | undefined)?.[key as string];
      if (isFieldError(node)) (node as WithParams).params = params;
    }
    return result;
  };
}

/** One validation failure: the field's dotted path (`contacts.0.email`), its i18n key and values. */
export type FormIssue = { path: string; message: string; params?: Params };

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** The sentence of one failure in the user's language; an unknown key reads as `validation.invalid`. */
export function issueText(t: TFunction, issue: Pick<FormIssue, 'message' | 'params'>): string {
  return t(issue.message, { ...shownParams(issue.params), defaultValue: t('validation.invalid') });
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
      const { params } = node as WithParams;
      found.push({
        path: path.join('.'),
        message: node.message || 'validation.invalid',
        ...(params ? { params } : {}),
      });
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
  return [
    ...errorsOf(errors).map((issue) => {
      const label = options.label?.(issue.path);
      return label ? `${label}: ${issueText(t, issue)}` : issueText(t, issue);
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
    return issue ? issueText(t, issue) : undefined;
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
