import { AppError, backgroundJobSchema, idParamsSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCompany } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { getJob } from './jobs.ts';
import { createJobRunner, type RunnerOptions } from './runner.ts';

/** Hooks that run on every tick of the runner (scheduled jobs); modules add theirs at import time. */
const tickHooks: NonNullable<RunnerOptions['onTick']>[] = [];
export function onRunnerTick(hook: NonNullable<RunnerOptions['onTick']>): void {
  tickHooks.push(hook);
}

/**
 * The job status route, and the runner's life cycle: it starts when the app is ready and stops
 * when the app closes. `JOBS=off` leaves it stopped (tests that drive the queue with runDueJobs).
 */
export function jobsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/jobs/:id',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['jobs'],
          summary: 'Status, progress, result and error of a background job',
          params: idParamsSchema,
          response: { 200: backgroundJobSchema },
        },
      },
      async (request) =>
        inCompany(deps, request, async (tx) => {
          const job = await getJob(tx, request.params.id);
          if (!job) throw new AppError('NOT_FOUND', 'Posao nije pronađen');
          return job;
        }),
    );

    if (process.env.JOBS === 'off') return;
    const runner = createJobRunner(deps.database, {
      report: deps.report,
      onTick: async (db) => {
        for (const hook of tickHooks) await hook(db);
      },
    });
    app.addHook('onReady', async () => {
      await runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  };
}
