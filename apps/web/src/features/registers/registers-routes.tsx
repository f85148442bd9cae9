import { Navigate, Route, Routes, useParams } from 'react-router';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { RegistersPage } from './registers-page.tsx';

function ByKind() {
  const { kind } = useParams();
  if (kind !== 'ira' && kind !== 'ura' && kind !== 'vat') return <Navigate to="/registers/ira" replace />;
  return <RegistersPage kind={kind} />;
}

/** /registers: IRA (default), URA and the VAT summary. */
export function RegistersRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="ira" replace />} />
      <Route path=":kind" element={<ByKind />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
