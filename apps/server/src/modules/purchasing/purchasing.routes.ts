import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../http/context.ts';

export function purchasingRoutes(_deps: Deps): FastifyPluginAsyncZod {
  return async () => {};
}
