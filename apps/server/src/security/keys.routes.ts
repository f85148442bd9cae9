import { keyRotationResultSchema, keyStatusSchema } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../http/context.ts';
import { reloadKeyring } from './keyring.ts';
import { keyStatus, rotateAll } from './rotation.ts';

/** Operator endpoints behind `npm run admin -- keys ...` while a server holds the database. */
export function keyRoutes(deps: Deps): FastifyPluginAsyncZod {
  const tags = ['admin'];
  return async (app) => {
    app.post(
      '/api/admin/keys/rotate',
      {
        config: { access: 'platform' },
        schema: {
          tags,
          summary: 'Reload the encryption keys and re-encrypt every value under the active key',
          response: { 200: keyRotationResultSchema },
        },
      },
      async () => {
        const keyring = reloadKeyring();
        return rotateAll(deps.db, { keyring });
      },
    );
    app.get(
      '/api/admin/keys/status',
      {
        config: { access: 'platform' },
        schema: { tags, summary: 'Stored values per encryption key', response: { 200: keyStatusSchema } },
      },
      async () => keyStatus(deps.db),
    );
  };
}
