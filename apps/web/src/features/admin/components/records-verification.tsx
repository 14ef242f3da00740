import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Verification } from '@wellbe/shared/schemas/history';
import { api } from '../../../lib/api.ts';
import { WithLtr } from '../../../components/ltr.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * Issue 32: the last verification of every record's version chain (nightly, or
 * `npm run records:verify`), for SA and DE: when, and whether any version was altered.
 */
export function RecordsVerification() {
  const { t } = useTranslation('history');
  const last = useQuery({
    queryKey: ['admin', 'records-verification'],
    queryFn: ({ signal }) => api<{ data: Verification | null }>('/admin/records-verification', { signal }).then((r) => r.data),
  });
  if (last.isPending || last.isError) return null;
  const v = last.data;
  if (!v) return <Alert severity="info" sx={{ mb: 2 }}>{t('verify.never')}</Alert>;
  return (
    <Alert severity={v.ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="records-verification">
      <WithLtr text={(date) => (v.ok ? t('verify.ok', { date, versions: v.versions }) : t('verify.broken', { date, count: v.failures.length }))} value={formatDateTime(v.at)} />
      {v.failures.slice(0, 5).map((f) => (
        <div key={`${f.recordId}-${f.version}`}>
          <bdi>{t('verify.failure', { type: f.recordType, id: f.recordId, version: f.version })}</bdi>
        </div>
      ))}
    </Alert>
  );
}
