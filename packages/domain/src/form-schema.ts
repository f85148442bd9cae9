import { z } from 'zod';

/**
 * The schema of an editor whose fields are not the request's shape (amounts typed in the
 * language's format, an empty text for "none", a picked record for its id): `toBody` turns the
 * typed values into the request body, and the request's own schema (the one the server route
 * parses) validates it. The form and the server report the same problem with the same i18n key,
 * at the body's field path (editors name their fields like the body where they can).
 */
export function formSchema<Values, S extends z.ZodType>(toBody: (values: Values) => unknown, request: S) {
  return z.preprocess((values) => toBody(values as Values), request);
}
