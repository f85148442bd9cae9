import { ArrowRight, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { HELP_ARTICLES, matchesQuery } from './help-articles.ts';

export function HelpPage() {
  const { t } = useTranslation('app');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const articles = HELP_ARTICLES.map((a) => ({
    ...a,
    title: t(`help.articles.${a.id}.title`),
    body: t(`help.articles.${a.id}.body`),
  })).filter((a) => matchesQuery(query, a.title, a.body));

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <div className="relative mb-6">
        <label htmlFor={searchId} className="sr-only">
          {t('help.searchLabel')}
        </label>
        <Search className="pointer-events-none absolute top-3 left-3 size-4 text-muted" aria-hidden />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder={t('help.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {t('help.resultCount', { n: articles.length })}
      </p>
      {articles.length === 0 ? (
        <Card className="p-8 text-center text-muted">{t('help.noResults')}</Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {articles.map((a) => (
            <Card key={a.id} className="flex flex-col p-5" data-testid="help-article">
              <h2 className="font-semibold">{a.title}</h2>
              <p className="mt-2 flex-1 text-sm text-muted">{a.body}</p>
              <Link
                to={a.to}
                className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                {t('help.openSection')}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
