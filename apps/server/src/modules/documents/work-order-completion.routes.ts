import {
  AppError,
  completionInputSchema,
  completionPreviewQuerySchema,
  completionPreviewSchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { completionPreview } from './work-order-completion.ts';

// GET /api/documents/work-orders/:id/completion-preview: what completing the order would consume
// (materials cutting lists already consumed, and what is consumed now) and what each produced line
// would cost. Nothing is written. The actual quantities the user typed travel as
// `actual=<item id>:<quantity>,…` and are checked like the completion body.

/** `actual=<item>:<qty>,<item>:<qty>` → the completion body's `actual` (validated the same way). */
export function parseActual(raw: string | undefined): Map<string, string> {
  const pairs = (raw ?? '')
    .split(',')
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const [item_id = '', quantity = ''] = p.split(':');
      return { item_id: item_id.trim(), quantity: quantity.trim() };
    });
  const parsed = completionInputSchema.safeParse({ actual: pairs });
  if (!parsed.success)
    throw new AppError(
      'VALIDATION',
      'Stvarna količina nije ispravna',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
    );
  return new Map(parsed.data.actual.map((a) => [a.item_id, a.quantity]));
}

export function workOrderCompletionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/documents/work-orders/:id/completion-preview',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['documents'],
          summary:
            'Completion preview: per material planned, consumed by cutting lists, consumed now; per produced line its cost',
          params: idParamsSchema,
          querystring: completionPreviewQuerySchema,
          response: { 200: completionPreviewSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx) =>
          completionPreview(tx, request.params.id, parseActual(request.query.actual)),
        ),
    );
  };
}
