import {
  acceptedInvitationSchema,
  activityQuerySchema,
  activityEntrySchema as activitySchema,
  companyDetailsSchema as companySchema,
  companyUpdateSchema,
  createdInvitationSchema,
  idParamsSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenSchema,
  memberParamsSchema,
  memberSchema,
  membershipNoticeSchema as membershipNotice,
  memberUpdateSchema,
  myCompanySchema,
} from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { mirrorMemberships, mirrorProfileLogged } from '../../platform/team-mirror.ts';
import * as auditService from '../audit/audit.service.ts';
import { storeFile } from '../files/files.service.ts';
import { readImageUpload } from '../files/image-upload.ts';
import * as tenants from '../tenants/tenants.service.ts';
import { mailerFor } from './team.mailer.ts';
import * as service from './team.service.ts';

export function teamRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // A membership change reaches the member's open screens at once (any instance): they re-read
    // their companies; a removed or suspended member's sockets on that company are closed.
    await deps.realtime.listen('membership_changed', (raw) => {
      let notice: z.infer<typeof membershipNotice>;
      try {
        notice = membershipNotice.parse(JSON.parse(raw));
      } catch {
        return;
      }
      const channel = `account-status:${notice.user_id}`;
      void deps.realtime
        .publish(channel, async () => ({
          type: 'event',
          channel,
          payload: { membership: { company_id: notice.company_id, change: notice.change } },
        }))
        .finally(() => {
          if (notice.change === 'removed' || notice.change === 'suspended')
            deps.realtime.closeCompanySockets(notice.user_id, notice.company_id);
        });
    });

    const tags = ['team'];

    /**
     * A team change of a company in a dedicated database is mirrored into the main database (the
     * company switcher, notifications on every instance). The change itself is committed already: a
     * failed mirror is logged, and the next team change or move repairs it.
     */
    async function mirrored<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
      const result = await run();
      const companyId = request.companyId ?? currentUser(request).id;
      await mirrorMemberships(deps.db, companyId).catch((error: unknown) =>
        request.log.error({ err: error, companyId }, 'mirroring memberships to the main database failed'),
      );
      return result;
    }

    app.get(
      '/api/team/companies',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The signed-in user's companies (for the company switcher), own company first",
          response: { 200: z.array(myCompanySchema) },
        },
      },
      async (request) => service.myCompanies(deps.db, currentUser(request).id),
    );

    app.get(
      '/api/team/members',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Members of the current company', response: { 200: z.array(memberSchema) } },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => service.listMembers(tx, ctx)),
    );

    app.patch(
      '/api/team/members/:userId',
      {
        config: { access: 'members.manage' },
        schema: {
          tags,
          summary:
            'Change a member’s role or suspend/reinstate them (the last owner and the founder stay owners)',
          params: memberParamsSchema,
          body: memberUpdateSchema,
          response: { 200: memberSchema },
        },
      },
      async (request) =>
        mirrored(request, () =>
          inCompany(deps, request, (tx, ctx) =>
            service.updateMember(tx, ctx, request.params.userId, request.body),
          ),
        ),
    );

    app.delete(
      '/api/team/members/:userId',
      {
        config: { access: 'members.manage' },
        schema: { tags, summary: 'Remove a member from the company', params: memberParamsSchema },
      },
      async (request, reply) => {
        await mirrored(request, () =>
          inCompany(deps, request, (tx, ctx) => service.removeMember(tx, ctx, request.params.userId)),
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/team/leave',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'Leave the current company (not the last owner, not the founder)' },
      },
      async (request, reply) => {
        await mirrored(request, () => inCompany(deps, request, (tx, ctx) => service.leaveCompany(tx, ctx)));
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/team/invitations',
      {
        config: { access: 'members.manage' },
        schema: {
          tags,
          summary: 'Recent invitations with their status',
          response: { 200: z.array(invitationSchema) },
        },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => service.listInvitations(tx, ctx)),
    );

    app.post(
      '/api/team/invitations',
      {
        config: { access: 'members.manage' },
        schema: {
          tags,
          summary:
            'Invite by email with a role; returns the one-time link (also mailed when SMTP_URL is set)',
          body: invitationCreateSchema,
          response: { 201: createdInvitationSchema },
        },
      },
      async (request, reply) => {
        const created = await inCompany(deps, request, (tx, ctx) =>
          service.createInvitation(tx, ctx, request.body, deps.config.baseUrl),
        );
        const mailer = mailerFor(deps);
        let emailed = false;
        if (mailer) {
          // The invitation stands either way: the link is shown to copy when the mail fails.
          emailed = await mailer.send(created.mail).then(
            () => true,
            (error) => {
              deps.report(error);
              return false;
            },
          );
        }
        return reply.status(201).send({ invitation: created.invitation, link: created.link, emailed });
      },
    );

    app.delete(
      '/api/team/invitations/:id',
      {
        config: { access: 'members.manage' },
        schema: { tags, summary: 'Revoke an open invitation', params: idParamsSchema },
      },
      async (request, reply) => {
        await inCompany(deps, request, (tx, ctx) => service.revokeInvitation(tx, ctx, request.params.id));
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/invitations/lookup',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'What an invitation link offers (company, email, role, status)',
          body: invitationTokenSchema,
          response: { 200: invitationPreviewSchema },
        },
      },
      async (request) => service.previewInvitation(deps.db, request.body.token),
    );

    app.post(
      '/api/invitations/accept',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Join the company of an invitation (signed in with the invited email)',
          body: invitationTokenSchema,
          response: { 200: acceptedInvitationSchema },
        },
      },
      async (request) => service.acceptInvitation(deps.db, currentUser(request), request.body.token),
    );

    app.get(
      '/api/company',
      {
        config: { access: 'company.read' },
        schema: { tags, summary: 'The current company’s details', response: { 200: companySchema } },
      },
      async (request) => inCompany(deps, request, (tx, ctx) => tenants.getCompany(tx, ctx)),
    );

    app.patch(
      '/api/company',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Update the current company’s details (owners and admins)',
          body: companyUpdateSchema,
          response: { 200: companySchema },
        },
      },
      async (request) => {
        const row = await inCompany(deps, request, (tx, ctx) => tenants.updateCompany(tx, ctx, request.body));
        await mirrorProfileLogged(deps.db, row.id, request.log);
        return row;
      },
    );

    app.post(
      '/api/company/logo',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Upload the current company’s logo (PNG, JPEG or WebP, at most 2 MB; field "file")',
          consumes: ['multipart/form-data'],
          response: { 200: companySchema },
        },
      },
      async (request) => {
        const { data, mime } = await readImageUpload(request, 'Logo mora biti PNG, JPEG ili WebP slika');
        const row = await inCompany(deps, request, async (tx, ctx) => {
          const id = await storeFile(tx, {
            companyId: ctx.companyId,
            createdBy: ctx.userId,
            contentType: mime,
            data,
          });
          return tenants.updateCompany(tx, ctx, { company_logo: `/api/files/${id}` });
        });
        await mirrorProfileLogged(deps.db, row.id, request.log);
        return row;
      },
    );

    app.get(
      '/api/team/activity',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Recent activity in the current company: who changed what (field names, no values)',
          querystring: activityQuerySchema,
          response: { 200: z.array(activitySchema) },
        },
      },
      async (request) =>
        inCompany(deps, request, (tx, ctx) =>
          auditService.recentActivity(tx, ctx, {
            limit: request.query.limit,
            beforeSeq: request.query.before_seq,
          }),
        ),
    );
  };
}
