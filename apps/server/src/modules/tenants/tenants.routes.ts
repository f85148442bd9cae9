import { tenantProfileSchema, tenantUpdateSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withCompany } from '../../db/tenant.ts';
import { currentUser } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { mirrorProfileLogged } from '../../platform/team-mirror.ts';
import { storeFile } from '../files/files.service.ts';
import { readImageUpload } from '../files/image-upload.ts';
import * as service from './tenants.service.ts';

export function tenantRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['profile'];
    app.get(
      '/api/tenants/me',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Load profile (created with defaults when missing)',
          response: { 200: tenantProfileSchema },
        },
      },
      async (request) => service.loadProfile(deps.db, currentUser(request).id),
    );

    app.patch(
      '/api/tenants/me',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Update changed profile fields',
          body: tenantUpdateSchema,
          response: { 200: tenantProfileSchema },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const row = await service.updateProfile(deps.db, userId, request.body);
        await mirrorProfileLogged(deps.db, userId, request.log);
        return row;
      },
    );

    app.post(
      '/api/tenants',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Create profile',
          body: tenantUpdateSchema,
          response: { 201: tenantProfileSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return reply.status(201).send(await service.createProfile(deps.db, user.id, request.body));
      },
    );

    app.post(
      '/api/tenants/me/logo',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Upload the company logo (PNG, JPEG or WebP, at most 2 MB; multipart field "file")',
          consumes: ['multipart/form-data'],
          response: { 200: tenantProfileSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { data, mime } = await readImageUpload(request, 'Logo mora biti PNG, JPEG ili WebP slika');
        const id = await withCompany(deps.db, { userId: user.id, companyId: user.id }, (tx) =>
          storeFile(tx, { companyId: user.id, createdBy: user.id, contentType: mime, data }),
        );
        const row = await service.setCompanyLogo(deps.db, user.id, `/api/files/${id}`);
        await mirrorProfileLogged(deps.db, user.id, request.log);
        return row;
      },
    );
  };
}
