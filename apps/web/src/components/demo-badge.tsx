import { Chip } from '@mui/material';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { queryKeys } from '../lib/query-keys.ts';

export function useMeta() {
  return useQuery({
    queryKey: queryKeys.meta,
    queryFn: ({ signal }) => api<{ success: boolean; demo: boolean }>('/meta', { signal, anonymous: true }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** DESIGN §5: a visible 'Mode démo' badge when the server runs with demo data. */
export function DemoBadge() {
  const { t } = useTranslation('common');
  const { data } = useMeta();
  if (!data?.demo) return null;
  return (
    <Chip
      icon={<ScienceIcon />}
      label={t('demoMode')}
      size="small"
      sx={{ fontWeight: 600, bgcolor: '#fef3c7', color: '#78350f', '& .MuiChip-icon': { color: '#92400e' }, '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
    />
  );
}
