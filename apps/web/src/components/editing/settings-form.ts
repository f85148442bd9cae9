import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { output, ZodType } from 'zod';
import { translatedFieldErrors } from '../../lib/api.ts';
import { useFieldMessage, useZodForm } from './zod-form.ts';

/**
 * The form recipe of a settings card that edits one record (`useZodForm` with the route's
 * schema): the form starts from what the server holds, Save sends the schema's output and the
 * server's answer becomes the new clean state, Odustani goes back to it. A field the schema or the
 * server refuses shows its message beside the field (`errorOf(path)`); a refusal that names no
 * field shows `message` (the card's own sentence, from `failed`).
 */
export function useSettingsForm<S extends ZodType, Values extends FieldValues>(
  schema: S,
  saved: Values,
  failed: (error: unknown) => string,
) {
  const { t } = useTranslation();
  const form = useZodForm<S, Values>(schema, { defaultValues: saved as never });
  const fieldMessage = useFieldMessage(form.formState.errors);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const clear = () => {
    setServerErrors({});
    setMessage(null);
  };
  return {
    form,
    dirty: form.formState.isDirty,
    message,
    errorOf: (path: string): string | undefined => fieldMessage(path) ?? serverErrors[path],
    /** The form's submit handler: `save` sends the body and answers with the values now stored. */
    submit: (save: (body: output<S>) => Promise<Values>) =>
      form.handleSubmit(async (body) => {
        clear();
        try {
          form.reset(await save(body));
        } catch (error) {
          const fields = translatedFieldErrors(error, t);
          if (Object.keys(fields).length > 0) setServerErrors(fields);
          else setMessage(failed(error));
        }
      }, clear),
    cancel: () => {
      form.reset();
      clear();
    },
  };
}
