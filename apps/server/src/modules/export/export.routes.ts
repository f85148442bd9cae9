import {
  archiveUploadSchema,
  exportFileSchema,
  exportJobQueuedSchema,
  exportJobRequestSchema,
  exportJobStatusSchema,
  exportSectionParamsSchema,
  exportSectionQuerySchema,
  idParamsSchema,
} from '@erp/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { exportSection } from './export.service.ts';
import * as jobs from './export-jobs.service.ts';

/** Largest archive accepted for a restore (a company of a few hundred thousand rows). */
export const ARCHIVE_MAX_BYTES = 64 * 1024 * 1024;

function sendFile(reply: FastifyReply, file: { filename: string; content_type: string; data: Buffer }) {
  const ascii = file.filename.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', file.content_type)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.data);
}

export function exportRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['export'];
    const run = { access: 'export.run' as const };

    app.get(
      '/api/export/sections/:section',
      {
        config: run,
        schema: {
          tags,
          summary:
            'One section as CSV or XLSX, generated during the request (the same streaming code as the job; the screen uses the job)',
          params: exportSectionParamsSchema,
          querystring: exportSectionQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await inCompany(deps, request, (tx, ctx) =>
          exportSection(tx, ctx, request.params.section, request.query.format, { lang: request.query.lang }),
        );
        return sendFile(reply, { filename: file.filename, content_type: file.contentType, data: file.data });
      },
    );

    app.post(
      '/api/export/jobs',
      {
        config: run,
        schema: {
          tags,
          summary: 'Start an export in the background (section, PDFs as a zip, or the company archive)',
          body: exportJobRequestSchema,
          response: { 202: exportJobQueuedSchema },
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, (tx, ctx) => jobs.queueExport(tx, ctx, request.body));
        return reply.code(202).send(job);
      },
    );

    app.get(
      '/api/export/jobs/:id',
      {
        config: run,
        schema: {
          tags,
          summary: 'Progress of an export or restore job and, when done, its file or what it restored',
          params: idParamsSchema,
          response: { 200: exportJobStatusSchema },
        },
      },
      async (request) => inCompany(deps, request, (tx) => jobs.jobStatus(tx, request.params.id)),
    );

    app.get(
      '/api/export/files',
      {
        config: run,
        schema: {
          tags,
          summary: 'Export files still available',
          response: { 200: z.array(exportFileSchema) },
        },
      },
      async (request) => inCompany(deps, request, (tx) => jobs.listFiles(tx)),
    );

    app.get(
      '/api/export/files/:id',
      {
        config: run,
        schema: {
          tags,
          summary: 'Download an export file (members only, until it expires)',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await inCompany(deps, request, (tx, ctx) =>
          jobs.downloadFile(tx, ctx, request.params.id),
        );
        return sendFile(reply, file);
      },
    );

    app.post(
      '/api/export/archive/import',
      {
        config: { access: 'company.manage' },
        bodyLimit: ARCHIVE_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Upload a company archive and restore it in the background into the current company, which must be empty',
          body: archiveUploadSchema,
          response: { 202: exportJobQueuedSchema },
        },
      },
      async (request, reply) => {
        const job = await inCompany(deps, request, (tx, ctx) => jobs.queueRestore(tx, ctx, request.body));
        return reply.code(202).send(job);
      },
    );
  };
}
