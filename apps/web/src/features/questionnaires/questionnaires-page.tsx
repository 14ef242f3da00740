import { Alert, Box, Button, Chip, CircularProgress, FormControlLabel, List, Stack, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { Questionnaire } from '@wellbe/shared/schemas/questionnaires';
import { ActionListItem } from '../../components/action-list-item.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useQuestionnaireAction, useQuestionnaires } from './api.ts';
import { BuilderDialog } from './components/builder-dialog.tsx';

/** The practice's questionnaires (/questionnaires): build, change (a new version), duplicate, deactivate. */
export function QuestionnairesPage() {
  const { t } = useTranslation('questionnaires');
  const { role } = useSession();
  const [all, setAll] = useState(false);
  const [editing, setEditing] = useState<Questionnaire | 'new' | null>(null);
  const list = useQuestionnaires(all);
  const act = useQuestionnaireAction();
  const write = can(role, 'questionnairesWrite');
  const run = (id: string, action: 'duplicate' | 'activate' | 'deactivate') =>
    act.mutate({ id, action }, { onSuccess: () => notify(t(`list.${action}d`), 'success'), onError: (e) => notify(isApiError(e) ? e.message : t('form.saveError'), 'error') });
  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={write && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{t('list.new')}</Button>}
      />
      <FormControlLabel control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} />} label={t('list.showInactive')} />
      {list.isPending && <CircularProgress aria-label={t('loading')} />}
      {list.isError && <Alert severity="error">{isApiError(list.error) ? list.error.message : t('loadError')}</Alert>}
      {list.data && !list.data.length && <EmptyState title={t('list.empty')} />}
      {list.data && list.data.length > 0 && (
        <List aria-label={t('list.title')}>
          {list.data.map((q) => (
            <ActionListItem
              key={q.id}
              divider
              action={
                write && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    <Button size="small" onClick={() => setEditing(q)}>{t('list.edit')}</Button>
                    <Button size="small" onClick={() => run(q.id, 'duplicate')}>{t('list.duplicate')}</Button>
                    <Button size="small" color={q.active ? 'error' : 'primary'} onClick={() => run(q.id, q.active ? 'deactivate' : 'activate')}>{q.active ? t('list.deactivate') : t('list.activate')}</Button>
                  </Stack>
                )
              }
            >
              <Box sx={{ display: 'grid', gap: 0.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>{q.title}</Typography>
                  <Chip size="small" label={t('list.version', { version: q.version })} />
                  {q.preVisit && <Chip size="small" color="info" label={t('list.preVisit')} />}
                  {!q.active && <Chip size="small" label={t('list.inactive')} />}
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {t('list.summary', { count: q.questions.length, date: formatDate(q.updatedAt) })}
                  {q.appointmentTypeIds.length > 0 && ` · ${t('list.withAppointment')}`}
                </Typography>
              </Box>
            </ActionListItem>
          ))}
        </List>
      )}
      {editing && <BuilderDialog questionnaire={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
