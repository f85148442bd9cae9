import {
  einvoiceSettingsSchema,
  einvoiceSettingsViewSchema,
  idParamsSchema,
  kpdEntrySchema,
  kpdQuerySchema,
  operatorInputSchema,
  operatorSchema,
  reverseChargeInputSchema,
  reverseChargeSchema,
} from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { getOperator, isVatRegistered, putOperator, putSettings } from './einvoice.service.ts';
import { searchKpd } from './kpd.ts';
import { reverseChargeState, setReverseCharge } from './reverse-charge.ts';

/**
 * eRačun settings: the user's operator, the company's VAT status, the KPD 2025 code list; an
 * invoice draft's domestic reverse charge switch.
 */
export function einvoiceRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['einvoice'];
    app.get(
      '/api/einvoice/kpd',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Search KPD 2025 by code prefix or words of the name (at most 20)',
          querystring: kpdQuerySchema,
          response: { 200: z.array(kpdEntrySchema) },
        },
      },
      async (request) => searchKpd(request.query.q),
    );
    app.get(
      '/api/einvoice/operator',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'The signed-in user’s operator mark and OIB',
          response: { 200: operatorSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => getOperator(tx, ctx.userId)),
    );
    app.put(
      '/api/einvoice/operator',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Set the signed-in user’s operator mark (HR-BT-4) and OIB (HR-BT-5)',
          body: operatorInputSchema,
          response: { 200: operatorSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putOperator(tx, ctx, request.body)),
    );
    app.get(
      '/api/einvoice/settings',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary: 'Whether the company is in the VAT system',
          response: { 200: einvoiceSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, async (tx) => ({ vat_registered: await isVatRegistered(tx) })),
    );
    app.put(
      '/api/einvoice/settings',
      {
        config: { access: 'company.manage' },
        schema: {
          tags,
          summary: 'Say whether the company is in the VAT system',
          body: einvoiceSettingsSchema,
          response: { 200: einvoiceSettingsViewSchema },
        },
      },
      (request) => inCompany(deps, request, (tx, ctx) => putSettings(tx, ctx, request.body)),
    );
    app.get(
      '/api/invoices/:id/domestic-reverse-charge',
      {
        config: { access: 'company.read' },
        schema: {
          tags,
          summary:
            'Whether the invoice is under domestic reverse charge (čl. 75. st. 3. t. a) Zakona o PDV-u)',
          params: idParamsSchema,
          response: { 200: reverseChargeSchema },
        },
      },
      (request) => inCompany(deps, request, (tx) => reverseChargeState(tx, request.params.id)),
    );
    app.put(
      '/api/invoices/:id/domestic-reverse-charge',
      {
        config: { access: 'invoices.write' },
        schema: {
          tags,
          summary:
            'Switch a draft invoice to domestic reverse charge for construction work (buyer a Croatian VAT payer; lines at 0 %) or back',
          params: idParamsSchema,
          body: reverseChargeInputSchema,
          response: { 200: reverseChargeSchema },
        },
      },
      (request) =>
        inCompany(deps, request, (tx, ctx) =>
          setReverseCharge(tx, ctx, request.params.id, request.body.enabled),
        ),
    );
  };
}
