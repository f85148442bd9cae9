import type { Role } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { type SignedIn, signUp } from '../../test/harness.ts';

export type Call = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  company?: string;
};

/** One request as `user`, acting in `company` (the x-company-id header) when given. */
export function as(app: FastifyInstance, user: SignedIn, call: Call) {
  return app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: { cookie: user.cookie, ...(call.company ? { 'x-company-id': call.company } : {}) },
    ...(call.payload !== undefined ? { payload: call.payload as object } : {}),
  });
}

export function tokenOf(link: string): string {
  const token = link.split('#')[1];
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Owner invites a new user with `role`; the invitee signs up with the invited address and joins. */
export async function inviteAndJoin(
  app: FastifyInstance,
  owner: SignedIn,
  role: Role,
  name = 'Član Tima',
): Promise<SignedIn> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.hr`;
  const invited = await as(app, owner, {
    method: 'POST',
    url: '/api/team/invitations',
    payload: { email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const member = await signUp(app, name, email);
  const accepted = await as(app, member, {
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token: tokenOf(invited.json().link) },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return member;
}
