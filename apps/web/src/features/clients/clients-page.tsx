import { Route, Routes } from 'react-router';
import { useHistoryTab } from '../audit/history-tab.tsx';
import { IfAllowed } from '../team/use-permission.tsx';
import { PartnerDetailPage } from './partner-detail.tsx';
import { PartnerFormPage } from './partner-form.tsx';
import { PartnerImportPage } from './partner-import.tsx';
import { PartnerList } from './partner-list.tsx';
import { useLivePartners } from './partners-api.ts';

/** /clients: list, new, import, detail (with tabs) and edit. */
export function ClientsPage() {
  useLivePartners();
  const historyTab = useHistoryTab('partners');
  return (
    <Routes>
      <Route index element={<PartnerList list="client" />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="partners.write">
            <PartnerFormPage list="client" />
          </IfAllowed>
        }
      />
      <Route
        path="import"
        element={
          <IfAllowed permission="partners.write">
            <PartnerImportPage list="client" />
          </IfAllowed>
        }
      />
      <Route
        path=":id/edit"
        element={
          <IfAllowed permission="partners.write">
            <PartnerFormPage list="client" />
          </IfAllowed>
        }
      />
      <Route path=":id/*" element={<PartnerDetailPage list="client" extraTabs={[historyTab]} />} />
    </Routes>
  );
}
