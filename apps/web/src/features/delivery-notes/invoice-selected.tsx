import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import type { Doc } from '../documents/documents-api.ts';
import { usePermission } from '../team/use-permission.tsx';

const INVOICEABLE = new Set(['issued', 'delivered']);

/**
 * One invoice from the delivery notes selected in the list (issue 17): the notes must be issued
 * and of one client; the invoice form opens with them picked (the server checks the same again).
 */
export function InvoiceSelectedNotes({ selected }: { selected: Doc[] }) {
  const { t } = useTranslation('documents');
  const canInvoice = usePermission('invoices.write');
  if (!canInvoice || selected.length === 0) return null;
  const clients = new Set(selected.map((d) => d.client_id));
  const notIssued = selected.filter((d) => !INVOICEABLE.has(d.status));
  const problem =
    clients.size > 1 || clients.has(null)
      ? t('dn.selectOneClient')
      : notIssued.length > 0
        ? t('dn.selectIssued', { numbers: notIssued.map((d) => d.number ?? '').join(', ') })
        : null;
  if (problem)
    return (
      <p role="status" className="text-sm text-danger" data-testid="invoice-selected-problem">
        {problem}
      </p>
    );
  const client = [...clients][0] as string;
  const ids = selected.map((d) => d.id).join(',');
  return (
    <Link
      to={`/documents/invoices/new?client_id=${client}&delivery_note_ids=${ids}`}
      className={buttonClasses('primary', 'md')}
      data-testid="invoice-selected"
    >
      {t('dn.invoiceSelected', { n: selected.length })}
    </Link>
  );
}
