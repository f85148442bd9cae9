import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { apiErrorMessages } from '../clients/partner-ui.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { useUploadPurchaseInvoice } from './purchase-invoices-api.ts';

/** Upload a supplier's UBL eRačun; a refused file shows the validators' failed rules. */
export function PurchaseInvoiceUpload() {
  const { t } = useTranslation('purchase-invoices');
  const navigate = useNavigate();
  const upload = useUploadPurchaseInvoice();
  const [file, setFile] = useState<File | null>(null);
  const problems = apiErrorMessages(upload.error, t);
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('upload.title')} description={t('upload.description')} />
      <Card>
        <CardContent className="space-y-4 pt-5">
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (file) upload.mutate(file, { onSuccess: (pi) => navigate(`/suppliers/invoices/${pi.id}`) });
            }}
          >
            <div className="space-y-1">
              <Label htmlFor="pi-file">{t('upload.file')}</Label>
              <input
                id="pi-file"
                type="file"
                accept=".xml,application/xml,text/xml"
                className="block w-full text-sm"
                onChange={(e) => {
                  upload.reset();
                  setFile(e.target.files?.[0] ?? null);
                }}
              />
              <p className="text-xs text-muted">{t('upload.hint')}</p>
            </div>
            <Button type="submit" disabled={!file || upload.isPending}>
              <Upload className="size-4" aria-hidden />
              {upload.isPending ? t('upload.checking') : t('upload.submit')}
            </Button>
          </form>
          {problems.length > 0 && (
            <div
              role="alert"
              className="rounded-md border border-danger/40 bg-danger-soft p-3 text-sm text-danger"
            >
              <p className="font-medium">{t('upload.refused')}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="pi-upload-problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
