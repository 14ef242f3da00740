import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { isApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useAllTemplates, useTemplateChange, type TemplateRow } from '../api/clinical-documents.ts';
import { TemplateDialog } from './template-dialog.tsx';

/**
 * "Modèles de documents": the practice's templates and the caller's own — create, edit (the
 * practice's by its administrators: PA and the manager group, as the server decides), duplicate to
 * adapt, deactivate (never deleted: issued documents keep naming them).
 */
export function TemplatesCard() {
  const { t } = useTranslation('clinicalDocuments');
  const { role } = useSession();
  const templates = useAllTemplates();
  const change = useTemplateChange();
  const [editing, setEditing] = useState<TemplateRow | 'new' | null>(null);
  const mayShare = role === 'PA' || can(role, 'manager');

  return (
    <Card variant="outlined" component="section" aria-labelledby="templates-title">
      <CardHeader
        title={<Typography id="templates-title" component="h2" variant="h6">{t('templates.title')}</Typography>}
        action={<Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>{t('templates.new')}</Button>}
      />
      <CardContent>
        {templates.isError && <Alert severity="error">{t('loadError')}</Alert>}
        {change.isError && <Alert severity="error">{isApiError(change.error) ? change.error.message : t('loadError')}</Alert>}
        {templates.data?.length === 0 && <Typography color="textSecondary">{t('templates.empty')}</Typography>}
        <List aria-labelledby="templates-title" dense>
          {templates.data?.map((tpl) => (
            <ListItem key={tpl.id} divider sx={{ flexWrap: 'wrap', gap: 1, opacity: tpl.active ? 1 : 0.7 }}>
              <ListItemText
                primary={tpl.name}
                secondary={
                  <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                    <Chip component="span" size="small" label={t(`kind.${tpl.kind}`)} />
                    <Chip component="span" size="small" variant="outlined" label={tpl.shared ? t('templates.shared') : t('templates.own')} />
                    {!tpl.active && <Chip component="span" size="small" color="warning" label={t('templates.inactive')} />}
                  </Box>
                }
              />
              <Stack direction="row" spacing={1}>
                {tpl.editable && (
                  <Button size="small" onClick={() => setEditing(tpl)} aria-label={`${t('common:labelled', { label: t('templates.edit') })} ${tpl.name}`}>
                    {t('templates.edit')}
                  </Button>
                )}
                <Button size="small" onClick={() => change.mutate({ id: tpl.id, duplicate: true })} aria-label={`${t('common:labelled', { label: t('templates.duplicate') })} ${tpl.name}`}>
                  {t('templates.duplicate')}
                </Button>
                {tpl.editable && (
                  <Button
                    size="small"
                    color={tpl.active ? 'warning' : 'primary'}
                    onClick={() => change.mutate({ id: tpl.id, body: { kind: tpl.kind, name: tpl.name, content: tpl.content, active: !tpl.active } })}
                    aria-label={`${t('common:labelled', { label: tpl.active ? t('templates.deactivate') : t('templates.activate') })} ${tpl.name}`}
                  >
                    {tpl.active ? t('templates.deactivate') : t('templates.activate')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} mayShare={mayShare} onClose={() => setEditing(null)} />}
    </Card>
  );
}
