import { Box, Card, CardContent, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STAT_PERIODS, type StatPeriod, type StatRange } from '@wellbe/shared/schemas/statistics';
import { DateLocalization } from '../../../components/date-localization.tsx';
import type { OrganisationOption } from '../../../lib/organisation-options.ts';
import { organisationItems } from '../../../components/organisation-items.tsx';

interface StatisticsFiltersBarProps {
  period: StatPeriod;
  search: URLSearchParams;
  setParam: (changes: Record<string, string | null>) => void;
  /** The period currently shown, used to seed the custom range. */
  shownPeriod: StatRange | undefined;
  platform: boolean;
  organisations: OrganisationOption[] | undefined;
}

/** Period toggle, custom range and (platform roles) organisation picker; all kept in the URL. */
export function StatisticsFiltersBar({ period, search, setParam, shownPeriod, platform, organisations }: StatisticsFiltersBarProps) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);

  const dateField = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      format="DD/MM/YYYY"
      value={search.get(key) ? dayjs(search.get(key)) : null}
      onChange={(v) => {
        if (v && v.isValid()) setParam({ [key]: v.format('YYYY-MM-DD') });
        else if (!v) setParam({ [key]: null });
      }}
      slotProps={{ textField: { size: 'small' } }}
    />
  );

  return (
    <Card sx={{ mb: 3, displayPrint: 'none' }}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={period}
          aria-label={t('statistics:period')}
          onChange={(_, v: StatPeriod | null) => {
            if (!v) return;
            if (v === 'custom' && shownPeriod) setParam({ period: v, from: search.get('from') ?? shownPeriod.from, to: search.get('to') ?? shownPeriod.to });
            else setParam({ period: v });
          }}
        >
          {STAT_PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {t(`statistics:periods.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {period === 'custom' && (
          <DateLocalization>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {dateField('from', t('statistics:from'))}
              {dateField('to', t('statistics:to'))}
            </Box>
          </DateLocalization>
        )}
        {platform && (
          <TextField
            select
            size="small"
            label={t('statistics:organisation')}
            value={search.get('org') ?? ''}
            onChange={(e) => setParam({ org: e.target.value || null })}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">{t('statistics:ownOrganisation')}</MenuItem>
            {organisationItems(organisations)}
          </TextField>
        )}
      </CardContent>
    </Card>
  );
}
