import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';

/** The server names team rule violations with a `team.errors.*` detail key; everything else by code. */
export function useTeamErrorText() {
  const { t } = useTranslation('team');
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('common:errors.UNKNOWN');
    const key = error.details?.find((d) => d.key.startsWith('team.errors.'))?.key;
    if (key) return t(key.slice('team.'.length));
    const validation = error.details?.find((d) => d.key.startsWith('validation.'))?.key;
    if (validation) return t(`common:${validation}`);
    return t(`common:errors.${error.code}`, { defaultValue: t('common:errors.UNKNOWN') });
  };
}
