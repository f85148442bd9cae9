import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { jobsRoutes } from '../jobs/jobs.routes.ts';
import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { registerAuditSealer } from '../modules/audit/audit-sealer.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { createAuth } from '../modules/auth/auth.ts';
import { automationRoutes } from '../modules/automation/automation.routes.ts';
import { changelogRoutes } from '../modules/changelog/changelog.routes.ts';
import { createChangelogService } from '../modules/changelog/changelog.service.ts';
import { cuttingRoutes } from '../modules/cutting/cutting.routes.ts';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import { demoRoutes } from '../modules/demo/demo.routes.ts';
import { advanceRoutes } from '../modules/documents/advances.routes.ts';
import { deliveryNotesRoutes } from '../modules/documents/delivery-notes.routes.ts';
import { documentsRoutes } from '../modules/documents/documents.routes.ts';
import { invoicesRoutes } from '../modules/documents/invoices.routes.ts';
import { documentMailRoutes } from '../modules/documents/mail.routes.ts';
import { productionLocationsRoutes } from '../modules/documents/production-locations.routes.ts';
import { quotesRoutes } from '../modules/documents/quotes.routes.ts';
import { workOrderCompletionRoutes } from '../modules/documents/work-order-completion.routes.ts';
import { workOrderCorrectionRoutes } from '../modules/documents/work-order-corrections.routes.ts';
import { workOrderSnapshotRoutes } from '../modules/documents/work-order-snapshots.routes.ts';
import { workOrdersRoutes } from '../modules/documents/work-orders.routes.ts';
import { einvoiceRoutes } from '../modules/einvoice/einvoice.routes.ts';
import { exportRoutes } from '../modules/export/export.routes.ts';
import { fileRoutes } from '../modules/files/files.routes.ts';
import { fiscalExchangeRoutes } from '../modules/fiscal-exchange/fiscal-exchange.routes.ts';
import { fiscalRoutes } from '../modules/fiscalisation/fiscal.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { inventoryRoutes } from '../modules/inventory/inventory.routes.ts';
import { labelRoutes } from '../modules/inventory/labels.ts';
import { partnersRoutes } from '../modules/partners/partners.routes.ts';
import { productionRoutes } from '../modules/production/production.routes.ts';
import { purchaseInvoicesRoutes } from '../modules/purchase-invoices/purchase-invoices.routes.ts';
import { purchasingRoutes } from '../modules/purchasing/purchasing.routes.ts';
import { realtimeRoutes } from '../modules/realtime/realtime.routes.ts';
import { createRealtime } from '../modules/realtime/realtime.ts';
import { registersRoutes } from '../modules/registers/registers.routes.ts';
import { searchRoutes } from '../modules/search/search.routes.ts';
import { shopFloorRoutes } from '../modules/shop-floor/shop-floor.routes.ts';
import { teamRoutes } from '../modules/team/team.routes.ts';
import { tenantRoutes } from '../modules/tenants/tenants.routes.ts';
import { viewsRoutes } from '../modules/views/views.routes.ts';
import { keyRoutes } from '../security/keys.routes.ts';
import { registerAccessControl } from './access.ts';
import type { Deps } from './context.ts';
import { errorBody, registerErrorHandler } from './errors.ts';
import { prerenderedFile } from './prerendered.ts';
import { frameworkErrors, registerSecurity } from './security.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type AppOptions = {
  config: Config;
  database: Database;
  report?: (error: unknown) => void;
  adminToken?: string;
  logger?: boolean;
};

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config, database } = opts;
  const report = opts.report ?? (() => {});
  const app = Fastify({
    logger: opts.logger
      ? { level: 'info', redact: ['req.headers.cookie', 'req.headers.authorization'] }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    trustProxy: process.env.TRUST_PROXY === 'true',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, report);

  const realtime = createRealtime(database);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config),
    realtime,
    changelog: createChangelogService(database, report),
    adminToken: opts.adminToken ?? randomBytes(32).toString('base64url'),
    report,
  };

  await registerSecurity(app, config);
  registerAccessControl(app, deps);
  registerAuditSealer(app, deps);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ERP API',
        version: '0.1.0',
        description: 'Manufacturing ERP. Errors: { error: { code, message, details } }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  for (const routes of [
    healthRoutes,
    authRoutes,
    tenantRoutes,
    teamRoutes,
    fileRoutes,
    changelogRoutes,
    adminRoutes,
    keyRoutes,
    realtimeRoutes,
    purchasingRoutes,
    purchaseInvoicesRoutes,
    registersRoutes,
    partnersRoutes,
    productionRoutes,
    inventoryRoutes,
    labelRoutes,
    shopFloorRoutes,
    cuttingRoutes,
    documentsRoutes,
    quotesRoutes,
    workOrdersRoutes,
    deliveryNotesRoutes,
    invoicesRoutes,
    workOrderCompletionRoutes,
    workOrderCorrectionRoutes,
    workOrderSnapshotRoutes,
    advanceRoutes,
    productionLocationsRoutes,
    documentMailRoutes,
    einvoiceRoutes,
    fiscalRoutes,
    fiscalExchangeRoutes,
    dashboardRoutes,
    auditRoutes,
    jobsRoutes,
    automationRoutes,
    searchRoutes,
    viewsRoutes,
    exportRoutes,
    demoRoutes,
  ]) {
    await app.register(routes(deps));
  }

  if (config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !config.webDist ||
      request.method !== 'GET'
    ) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    // The public pages come prerendered in the visitor's language (http/prerendered.ts).
    const page = prerenderedFile(
      config.webDist,
      request.url,
      request.cookies,
      request.headers['accept-language'],
    );
    if (page)
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .sendFile(page);
    // The single-page app handles its own routes (unknown ones redirect to /landing).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.addHook('onClose', async () => {
    await realtime.close();
  });
  return { app, deps };
}
