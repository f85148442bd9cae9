import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

/**
 * The frame of a settings-page card whose form edits one settings record: the title and
 * description, then the form once the record is loaded (or the loading / load-error line).
 * The texts come translated from the card's own area.
 */
export function SettingsCard<T>({
  testId,
  title,
  description,
  settings,
  loading,
  loadError,
  children,
}: {
  testId: string;
  title: string;
  description: string;
  settings: { data: T | undefined; error: unknown };
  loading: string;
  loadError: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data !== undefined ? (
          children(settings.data)
        ) : (
          <p role="status" className="text-sm text-muted">
            {settings.error ? loadError : loading}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
