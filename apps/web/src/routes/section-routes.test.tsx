import type { ReactElement } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnknownPath } from '../components/unknown-path.tsx';
import { PartnerTabRoutes } from '../features/clients/partner-detail.tsx';
import type { PartnerDetail, PartnerRole } from '../features/clients/partners-api.ts';
import { DocumentsRoutes } from '../features/documents/documents-pages.tsx';
import { InventoryRoutes } from '../features/inventory/inventory-page.tsx';

/**
 * The sections under /documents and /inventory (a partner's tabs below), matched by react-router
 * itself: each real path reaches its page, the section root opens its first list (seed: /documents
 * → work orders), and any other path is unknown (`UnknownPath`: seed section 2, → /landing, signed
 * in → /), where it used to open the section's first list without a word.
 */
const routesOf = (section: () => ReactElement) =>
  createRoutesFromChildren((section() as ReactElement<{ children: ReactElement[] }>).props.children);

/** The route a path inside the section ends on (paths relative to the section's mount point). */
function target(routes: RouteObject[], path: string): RouteObject {
  const matches = matchRoutes(routes, path) ?? [];
  return (matches.at(-1)?.route ?? {}) as RouteObject;
}

const isUnknown = (route: RouteObject) =>
  route.path === '*' && (route.element as ReactElement | undefined)?.type === UnknownPath;

const SECTIONS = [
  {
    name: '/documents',
    routes: routesOf(DocumentsRoutes),
    root: '/documents/work-orders',
    real: [
      'work-orders',
      'work-orders/new',
      'work-orders/7/edit',
      'quotes',
      'quotes/new',
      'quotes/42/edit',
      'invoices',
      'invoices/new',
      'invoices/3f1c',
      'settings',
    ],
    unknown: [
      'nope',
      'work-orders/7',
      'work-orders/7/edit/more',
      'quotes/42',
      'invoices/3f1c/x',
      'delivery-notes',
    ],
  },
  {
    name: '/inventory',
    routes: routesOf(InventoryRoutes),
    root: 'items',
    real: [
      'items',
      'items/new',
      'items/9',
      'items/9/edit',
      'locations',
      'locations/2',
      'operations',
      'counts',
      'counts/5',
      'lots',
      'lots/8',
      'low-stock',
      'movements',
      'reservations',
      'import',
    ],
    unknown: ['nope', 'items/9/nope', 'locations/2/x', 'receipts', 'scan/x'],
  },
];

describe.each(SECTIONS)('$name', ({ routes, root, real, unknown }) => {
  it('opens its first list at the root', () => {
    const route = target(routes, '/');
    expect(route.index).toBe(true);
    const element = route.element as ReactElement<{ to: string }>;
    expect(element.type).toBe(Navigate);
    expect(element.props.to).toBe(root);
  });

  it('reaches the page of every real path', () => {
    for (const path of real) {
      const route = target(routes, `/${path}`);
      expect(route.path, path).toBeDefined();
      expect(route.path, path).not.toBe('*');
    }
  });

  it('treats any other path as unknown', () => {
    for (const path of unknown) expect(isUnknown(target(routes, `/${path}`)), path).toBe(true);
  });
});

/**
 * A client's or supplier's tabs (/clients/:id/*, /suppliers/:id/*): each tab it has opens, and a tab
 * it does not have is unknown like any other path. It used to open the data tab without a word,
 * a supplier's /items on a client included.
 */
const partner = (role: PartnerRole, extraTabs: string[]) =>
  createRoutesFromChildren(
    (
      PartnerTabRoutes({
        role,
        p: { id: 'p1', role } as PartnerDetail,
        extraTabs: extraTabs.map((path) => ({ path, label: path, element: () => null })),
      }) as ReactElement<{ children: ReactElement[] }>
    ).props.children,
  );

const PARTNERS = [
  {
    role: 'client' as const,
    // The pages' extra tabs: a client's change history (clients-page.tsx).
    routes: partner('client', ['audit']),
    real: ['contacts', 'history', 'analytics', 'audit'],
    unknown: ['nope', 'items', 'performance', 'invoices', 'contacts/x', 'history/2', 'analytics/x'],
  },
  {
    role: 'supplier' as const,
    // A supplier's items, invoices and performance (suppliers-page.tsx).
    routes: partner('supplier', ['items', 'invoices', 'performance']),
    real: ['contacts', 'history', 'items', 'invoices', 'performance'],
    unknown: ['nope', 'analytics', 'audit', 'items/4', 'performance/x'],
  },
];

describe.each(PARTNERS)('a $role record', ({ routes, real, unknown }) => {
  it('opens the data tab at its root', () => {
    const route = target(routes, '/');
    expect(route.index).toBe(true);
    expect((route.element as ReactElement).type).not.toBe(UnknownPath);
  });

  it('reaches every tab it has', () => {
    for (const path of real) {
      const route = target(routes, `/${path}`);
      expect(route.path, path).toBe(path);
    }
  });

  it('treats a tab it does not have as an unknown path', () => {
    for (const path of unknown) expect(isUnknown(target(routes, `/${path}`)), path).toBe(true);
  });
});
