import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { type TodoItem, useFiscalTodo } from './fiscal-exchange-api.ts';

// The dashboard's to-do of what Fiskalizacija 2.0 still owes, apart from the invoice's panel
// (fiscal-exchange-panel.tsx) so that the first signed-in screen does not load the panel's code.

/** The colour of a fiscal message's state, here and on the invoice's panel. */
export const STATE_CLASS: Record<string, string> = {
  accepted: 'text-success',
  delivered: 'text-success',
  refused: 'text-danger',
  failed: 'text-danger',
};

function todoLink(item: TodoItem): string | null {
  if (item.document_id) return `/documents/invoices/${item.document_id}`;
  if (item.purchase_invoice_id) return `/suppliers/invoices/${item.purchase_invoice_id}`;
  return null;
}

/** The dashboard's list of what Fiskalizacija 2.0 still owes, earliest legal deadline first. */
export function FiscalTodoList() {
  const { t, i18n } = useTranslation('fiscal-exchange');
  const todo = useFiscalTodo();
  if (!todo.data || todo.data.length === 0) return null;
  return (
    <section
      aria-labelledby="fiscal-todo"
      className="rounded-lg border border-border bg-surface p-5"
      data-testid="fiscal-todo"
    >
      <h2 id="fiscal-todo" className="mb-1 font-semibold">
        {t('todo.title')}
      </h2>
      <p className="mb-2 text-sm text-muted">{t('todo.description')}</p>
      <ul className="divide-y divide-border text-sm">
        {todo.data.slice(0, 20).map((item) => {
          const to = todoLink(item);
          const label = `${t(`kinds.${item.kind}`)} ${item.number ?? ''}`;
          return (
            <li key={item.message_id ?? `d-${item.document_id}`} className="flex flex-wrap gap-x-3 py-1">
              {to ? <Link to={to}>{label}</Link> : <span>{label}</span>}
              <span className={STATE_CLASS[item.state] ?? 'text-muted'}>
                {item.kind === 'delivery' ? t(`delivery.${item.state}`) : t(`states.${item.state}`)}
              </span>
              {item.due_on && (
                <span className={item.overdue ? 'font-medium text-danger' : 'text-muted'}>
                  {item.overdue
                    ? t('todo.overdue', { date: formatDate(item.due_on, i18n.language) })
                    : t('dueOn', { date: formatDate(item.due_on, i18n.language) })}
                </span>
              )}
              {item.error_text && <span className="text-danger">{item.error_text}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
