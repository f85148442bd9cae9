import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorText } from '../inventory/inventory-api.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { fetchLabels } from './warehouse-scan-api.ts';

export type LabelKind = 'item' | 'lot' | 'location';

/**
 * "Print labels": the A4 sheet of QR labels (`GET /api/inventory/labels/:kind`) for the record.
 * A plain link cannot send the `x-company-id` header, so the PDF is fetched with it and handed to
 * the browser as a download.
 */
export function LabelsButton({ kind, ids, name }: { kind: LabelKind; ids: string[]; name: string }) {
  const { t } = useTranslation('warehouse');
  const { companyId } = useCurrentCompany();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await fetchLabels(kind, ids, companyId));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${t('labelsFile')}-${name}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      toast({ type: 'error', title: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void print()}
      loading={busy}
      data-testid={`print-labels-${kind}`}
    >
      <Printer className="size-4" aria-hidden />
      {t('printLabels')}
    </Button>
  );
}
