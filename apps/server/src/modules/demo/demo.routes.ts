import { demoCountsSchema, demoFillRequestSchema, demoJobSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { enqueueJob, PermanentJobError, registerJobHandler } from '../../jobs/jobs.ts';
import {
  assertEmptyCompany,
  assertNoDemoRunning,
  fillDemoCompany,
  resolveDemoTarget,
} from './demo.service.ts';

/** Background job that fills an empty company with the demo window shop. */
export const DEMO_JOB_KIND = 'demo.fill';

registerJobHandler(DEMO_JOB_KIND, async (job, ctx) => {
  const seed = Number(job.payload.seed ?? 20260101);
  if (!Number.isInteger(seed)) throw new PermanentJobError('invalid seed');
  return fillDemoCompany(
    ctx.db,
    { userId: ctx.userId, companyId: ctx.companyId },
    {
      seed,
      // Written between two of the generator's transactions (demo-steps.ts), so it is visible at once;
      // a failed progress write does not stop the fill.
      onProgress: (fraction) => ctx.reportProgress(Math.min(fraction, 0.99)).catch(() => {}),
    },
  );
});

export function demoRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // The operators' `npm run demo` when a server is running (it holds PGlite): synchronous.
    app.post(
      '/api/admin/demo',
      {
        config: { access: 'platform' },
        schema: {
          tags: ['demo'],
          summary: 'Fill an empty company with the demo window shop (operators; waits until done)',
          body: demoFillRequestSchema,
          response: { 200: demoCountsSchema },
        },
      },
      async (request) => {
        const ids = await resolveDemoTarget(deps.db, request.body);
        return fillDemoCompany(deps.db, ids, { seed: request.body.seed });
      },
    );
    app.post(
      '/api/demo',
      {
        config: { access: 'company.manage' },
        schema: {
          tags: ['demo'],
          summary:
            'Fill an empty company with the demo glass and PVC window shop (background job; refused unless the company is empty)',
          response: { 202: demoJobSchema },
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, async (tx, ctx) => {
          await assertEmptyCompany(tx);
          await assertNoDemoRunning(tx, DEMO_JOB_KIND);
          // One attempt: a failed run rolls back as a whole, and the user may simply try again.
          return enqueueJob(tx, {
            companyId: ctx.companyId,
            kind: DEMO_JOB_KIND,
            payload: { seed: 20260101 },
            userId: ctx.userId,
            maxAttempts: 1,
          });
        });
        return reply.status(202).send({ job_id: job.id });
      },
    );
  };
}
