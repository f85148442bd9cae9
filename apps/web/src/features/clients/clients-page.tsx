import { Route, Routes } from 'react-router';
import { useHistoryTab } from '../audit/history-tab.tsx';
import { PartnerDetailPage } from './partner-detail.tsx';
import { PartnerList } from './partner-list.tsx';
import { partnerWriteRoutes } from './partner-routes.tsx';
import { useLivePartners } from './partners-api.ts';

/** /clients: list, new, import, detail (with tabs) and edit. */
export function ClientsPage() {
  useLivePartners();
  const historyTab = useHistoryTab('partners');
  return (
    <Routes>
      <Route index element={<PartnerList list="client" />} />
      {partnerWriteRoutes('client')}
      <Route path=":id/*" element={<PartnerDetailPage list="client" extraTabs={[historyTab]} />} />
    </Routes>
  );
}
