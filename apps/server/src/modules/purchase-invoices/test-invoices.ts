import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { HR_EINVOICE_DIR } from '../einvoice/validators.ts';

// Tests only: Porezna's example eRačuni, corrected the way porezna-examples.test.ts corrects them
// (2026 dates, the valid OIB 12345678903 for the seller and operator), and a supplier invoice for
// a purchase order built on the PDV25 example with lines of our choosing.

export const EXAMPLES_DIR = join(HR_EINVOICE_DIR, 'Primjeri_eRacuna');
export const SELLER_OIB = '12345678903';

export function correctedExample(file: string, number?: string): string {
  let xml = readFileSync(join(EXAMPLES_DIR, file), 'utf8')
    .replace(/>2025-/g, '>2026-')
    .replaceAll('12345678901', SELLER_OIB);
  // Several examples share one number (1-P1-1); a supplier numbers its invoices uniquely.
  if (number) xml = xml.replace(/(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]+/, `$1${number}`);
  return xml;
}

export type TestLine = {
  name: string;
  buyerItemId?: string;
  quantity: string;
  unitCode: string;
  price: string;
};

/** A 25 % supplier invoice with the given lines and order reference; totals computed here. */
export function supplierInvoice(opts: {
  number: string;
  issueDate: string;
  orderRef?: string;
  lines: TestLine[];
}) {
  const base = correctedExample('eRacun_PDV25.xml');
  const nets = opts.lines.map((l) => new Decimal(l.quantity).times(l.price).toDecimalPlaces(2));
  const net = nets.reduce((a, b) => a.plus(b), new Decimal(0));
  const vat = net.times('0.25').toDecimalPlaces(2);
  const total = net.plus(vat);
  const money = (d: Decimal) => `<cbc:X currencyID="EUR">${d.toFixed(2)}</cbc:X>`;
  const amount = (tag: string, d: Decimal) => money(d).replaceAll('cbc:X', `cbc:${tag}`);
  const lines = opts.lines
    .map(
      (l, i) => `<cac:InvoiceLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="${l.unitCode}">${l.quantity}</cbc:InvoicedQuantity>
    ${amount('LineExtensionAmount', nets[i] as Decimal)}
    <cac:Item>
      <cbc:Name>${l.name}</cbc:Name>
      ${l.buyerItemId ? `<cac:BuyersItemIdentification><cbc:ID>${l.buyerItemId}</cbc:ID></cac:BuyersItemIdentification>` : ''}
      <cac:CommodityClassification><cbc:ItemClassificationCode listID="CG">23.12.11</cbc:ItemClassificationCode></cac:CommodityClassification>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Name>HR:PDV25</cbc:Name><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${l.price}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`,
    )
    .join('\n');
  const tax = `<cac:TaxTotal>${amount('TaxAmount', vat)}<cac:TaxSubtotal>${amount('TaxableAmount', net)}${amount('TaxAmount', vat)}
    <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal></cac:TaxTotal>
  <cac:LegalMonetaryTotal>${amount('LineExtensionAmount', net)}${amount('TaxExclusiveAmount', net)}${amount('TaxInclusiveAmount', total)}${amount('PayableAmount', total)}</cac:LegalMonetaryTotal>`;
  const head = base.slice(0, base.indexOf('<cac:TaxTotal>'));
  let xml = `${head}${tax}\n${lines}\n</Invoice>\n`;
  xml = xml
    .replace(/(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]+/, `$1${opts.number}`)
    .replace(/<cbc:IssueDate>[^<]+/, `<cbc:IssueDate>${opts.issueDate}`);
  if (opts.orderRef) {
    xml = xml.replace(
      '</cbc:DocumentCurrencyCode>',
      `</cbc:DocumentCurrencyCode>\n\t<cac:OrderReference><cbc:ID>${opts.orderRef}</cbc:ID></cac:OrderReference>`,
    );
  }
  return { xml, net: net.toFixed(2), vat: vat.toFixed(2), total: total.toFixed(2) };
}

/** POST /api/purchase-invoices/upload with the XML as the multipart field `file`. */
export function uploadXml(app: FastifyInstance, cookie: string, xml: string, name = 'racun.xml') {
  const boundary = 'PURCHASEINVOICE';
  return app.inject({
    method: 'POST',
    url: '/api/purchase-invoices/upload',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      Buffer.from(xml, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
