import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WORK_ORDER_STATUSES } from '@erp/domain/documents/work-order-statuses';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../i18n-tests/locale-files.ts';
import { SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';
import { StatusBadge } from '../documents/parts.tsx';
import { WorkOrdersByStatus } from './work-orders-by-status.tsx';

// Review of issue 21: the dashboard called a cancelled work order "Otkazan" while its badge said
// "Storniran". Both are rendered here from the real translation files, in every language.
const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

async function i18nFor(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    ns: ['documents', 'dashboard'],
    resources: { [lng]: { documents: locale(lng, 'documents'), dashboard: locale(lng, 'dashboard') } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&quot;', '"');

function dashboardWords(i18n: Awaited<ReturnType<typeof i18nFor>>): Map<string, string> {
  const counts = WORK_ORDER_STATUSES.map((status, i) => ({ status, count: i + 1 }));
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <WorkOrdersByStatus counts={counts} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  // One "<word>: <count>" link per status, each to the list filtered by it.
  const items = [...html.matchAll(/href="\/documents\/work-orders\?status=(\w+)"[^>]*>(.*?)<\/a>/g)];
  return new Map(items.map((m) => [m[1] as string, text(m[2] as string).replace(/:\s*\d+$/, '')]));
}

function badgeWord(i18n: Awaited<ReturnType<typeof i18nFor>>, status: string, kind: string): string {
  return text(
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <StatusBadge status={status} kind={kind} />
      </I18nextProvider>,
    ),
  );
}

describe("a work order's status reads the same on the dashboard and on its badge", () => {
  for (const lng of LANGS) {
    it(lng, async () => {
      const i18n = await i18nFor(lng);
      const dashboard = dashboardWords(i18n);
      expect([...dashboard.keys()]).toEqual([...WORK_ORDER_STATUSES]);
      for (const status of WORK_ORDER_STATUSES) {
        const badge = badgeWord(i18n, status, 'work_order');
        // A missing key would come back as the key itself.
        expect(badge, `${lng} ${status}`).not.toContain('status.');
        expect(dashboard.get(status), `${lng} ${status}`).toBe(badge);
      }
    });
  }

  it('in Croatian a work order is called off ("Otkazan"), a delivery note reversed ("Stornirana")', async () => {
    const i18n = await i18nFor('hr');
    expect(dashboardWords(i18n).get('cancelled')).toBe('Otkazan');
    expect(badgeWord(i18n, 'cancelled', 'work_order')).toBe('Otkazan');
    expect(badgeWord(i18n, 'cancelled', 'delivery_note')).toBe('Stornirana');
    expect(i18n.t('actions.cancel', { ns: 'documents', context: 'work_order' })).toBe('Otkaži nalog');
    expect(i18n.t('actions.cancel', { ns: 'documents', context: 'delivery_note' })).toBe('Storniraj');
  });
});

describe("every document status badge names the document's kind", () => {
  // Without the kind, a badge falls back to the plain word ("Storniran") whatever the document.
  const PARTS_IMPORT = /import\s*\{[^}]*\bStatusBadge\b[^}]*\}\s*from\s*'(?:\.\.\/documents|\.)\/parts\.tsx'/;
  const files = sourceFiles(join(SRC_DIR, 'features'), /\.tsx$/).filter((f) =>
    PARTS_IMPORT.test(readFileSync(f, 'utf8')),
  );

  it('finds the screens that show it', () => {
    const names = files.map((f) => relative(SRC_DIR, f));
    expect(names).toContain('features/documents/documents-pages.tsx');
    expect(names).toContain('features/delivery-notes/delivery-notes-pages.tsx');
  });

  it('passes `kind` to each one (payment badges and operation states aside)', () => {
    const without = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/<StatusBadge\b[^>]*\/>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes('scope="payment"') && !tag.includes('status={`op_'))
        .filter((tag) => !/\bkind=/.test(tag))
        .map((tag) => `${relative(SRC_DIR, f)}: ${tag}`),
    );
    expect(without).toEqual([]);
  });
});
