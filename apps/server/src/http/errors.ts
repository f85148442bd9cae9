import {
  AppError,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
  issueParams,
} from '@erp/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { croatianMessage } from '../i18n/validation-messages.ts';

const MESSAGES_HR: Record<ErrorCode, string> = {
  VALIDATION: 'Neispravni podaci',
  UNAUTHENTICATED: 'Niste prijavljeni',
  INVALID_CREDENTIALS: 'Neispravan email ili lozinka',
  FORBIDDEN: 'Nemate ovlasti za ovu radnju',
  ACCOUNT_BLOCKED: 'Račun privremeno nije dostupan',
  NOT_FOUND: 'Traženi zapis ne postoji',
  CONFLICT: 'Zapis već postoji',
  INVALID_TRANSITION: 'Ta promjena statusa nije dopuštena',
  OVER_RECEIPT: 'Primljena količina premašuje naručenu',
  INSUFFICIENT_STOCK: 'Nema dovoljno zalihe',
  BOM_CYCLE: 'Sastavnica bi sadržavala samu sebe',
  EMAIL_TAKEN: 'Korisnik s tim emailom već postoji',
  PAYLOAD_TOO_LARGE: 'Zahtjev je prevelik',
  UNSUPPORTED_MEDIA_TYPE: 'Nepodržana vrsta sadržaja',
  RATE_LIMITED: 'Previše pokušaja, pokušajte ponovno malo kasnije',
  COMPANY_READ_ONLY: 'Tvrtka je privremeno samo za čitanje',
  INTERNAL: 'Došlo je do greške na poslužitelju',
};

export function errorBody(code: ErrorCode, message?: string, details?: FieldIssue[]): ErrorBody {
  return { error: { code, message: message ?? MESSAGES_HR[code], ...(details?.length ? { details } : {}) } };
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
}

function validationIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    const message = String((v.params as { issue?: { message?: string } })?.issue?.message ?? v.message ?? '');
    // A custom issue's values (e.g. the glass make-up's bad token) go with its key: the provider
    // puts the zod issue, less code, path and message, in `params`.
    const params = issueParams({ code: v.keyword, params: (v.params as { params?: unknown })?.params });
    return {
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      key:
        message.startsWith('validation.') || message.startsWith('auth.errors.')
          ? message
          : 'validation.invalid',
      ...(params ? { params } : {}),
    };
  });
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Database errors a request's input can cause (found by the fuzzer): a data exception (class 22:
 * a NUL byte in text, a number out of range) is bad input, a unique violation a conflict. Areas
 * validate first; this keeps a missed case from becoming a 500.
 */
function inputCausedDbError(error: unknown): ErrorCode | null {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const sqlstate =
    typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  if (/^22[0-9A-Z]{3}$/.test(sqlstate)) return 'VALIDATION';
  if (sqlstate === '23505') return 'CONFLICT';
  return null;
}

/**
 * A database rule's refusal that names its own key: stock booked to an inactive location (the
 * stock_balances trigger of migration 0057b, SQLSTATE EL001, the location's code in the detail).
 */
function databaseRefusal(error: unknown): AppError | null {
  const e = error as { code?: unknown; detail?: unknown; cause?: { code?: unknown; detail?: unknown } };
  const source = typeof e?.code === 'string' ? e : e?.cause;
  if (source?.code !== 'EL001') return null;
  const code = typeof source.detail === 'string' ? source.detail : '';
  return new AppError('CONFLICT', `Lokacija ${code} nije aktivna: na nju se ne može knjižiti zaliha`, [
    { field: 'location_id', key: 'validation.locationInactiveStock', params: { code } },
  ]);
}

/** The one place where errors become HTTP responses: stable codes, Croatian text, never a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance, report: (error: unknown) => void): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationIssues(error);
      return reply.status(400).send(errorBody('VALIDATION', croatianMessage(details), details));
    }
    const refusal = databaseRefusal(error);
    if (refusal) return sendError(reply, refusal);
    const dbCode = inputCausedDbError(error);
    if (dbCode) return reply.status(ERROR_STATUS[dbCode]).send(errorBody(dbCode));
    const status = error.statusCode ?? 500;
    // Every client error gets one of our codes, with that code's status (406 is answered as 415).
    const code = STATUS_CODES[status] ?? (status >= 400 && status < 500 ? 'VALIDATION' : undefined);
    if (status < 500 && code) return reply.status(ERROR_STATUS[code]).send(errorBody(code));
    request.log.error({ err: error }, 'unhandled error');
    report(error);
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}
