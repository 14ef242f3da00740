import { Autocomplete, Chip, Paper, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { readableOn } from '../lib/colours.ts';
import { VIEWS, type ViewName } from '../lib/period.ts';

/** Whose agenda, whose else beside it (management roles), and the view; drawn again only when its props change. */
export const AgendaToolbar = memo(function AgendaToolbar({
  list,
  current,
  extra,
  manager,
  view,
  colourOf,
  onPick,
  onExtra,
  onView,
}: {
  list: AgendaPractitioner[];
  current: AgendaPractitioner | undefined;
  extra: string[];
  manager: boolean;
  view: ViewName;
  colourOf: (id: string) => string;
  onPick: (practitioner: AgendaPractitioner) => void;
  onExtra: (ids: string[]) => void;
  onView: (view: ViewName) => void;
}) {
  const { t } = useTranslation('agenda');
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Autocomplete
        sx={{ minWidth: 240, flex: '1 1 240px' }}
        options={list}
        value={current ?? null}
        onChange={(_e, p) => p && onPick(p)}
        getOptionLabel={(p) => p.displayName}
        renderInput={(p) => <TextField {...p} label={t('practitioner')} size="small" />}
      />
      {manager && (
        <Autocomplete
          multiple
          sx={{ minWidth: 260, flex: '2 1 260px' }}
          options={list.filter((p) => p.id !== current?.id)}
          value={list.filter((p) => extra.includes(p.id))}
          onChange={(_e, ps) => onExtra(ps.map((p) => p.id))}
          getOptionLabel={(p) => p.displayName}
          renderValue={(values, getItemProps) => values.map((p, index) => <Chip {...getItemProps({ index })} key={p.id} label={p.displayName} size="small" sx={{ bgcolor: colourOf(p.id), color: readableOn(colourOf(p.id)) }} />)}
          renderInput={(p) => <TextField {...p} label={t('alsoShow')} size="small" />}
        />
      )}
      <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: ViewName | null) => v && onView(v)} aria-label={t('view')}>
        {(Object.keys(VIEWS) as ViewName[]).map((v) => (
          <ToggleButton key={v} value={v}>
            {t(`views.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Paper>
  );
});
