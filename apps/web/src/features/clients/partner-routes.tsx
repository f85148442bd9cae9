import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { IfAllowed } from '../team/use-permission.tsx';
import { PartnerFormPage } from './partner-form.tsx';
import { PartnerImportPage } from './partner-import.tsx';
import type { PartnerRole } from './partners-api.ts';

const writers = (page: ReactNode) => <IfAllowed permission="partners.write">{page}</IfAllowed>;

/**
 * The routes clients and suppliers share for those who may write partners: new, import and edit.
 * Called as a function inside `<Routes>` (which reads its `<Route>` children), not as a component.
 */
export function partnerWriteRoutes(list: PartnerRole) {
  return (
    <>
      <Route path="new" element={writers(<PartnerFormPage list={list} />)} />
      <Route path="import" element={writers(<PartnerImportPage list={list} />)} />
      <Route path=":id/edit" element={writers(<PartnerFormPage list={list} />)} />
    </>
  );
}
