import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { POLICY_KINDS, type PolicyKind, type PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { ArticleEditor } from '../../components/article-editor.tsx';
import { usePolicyVersions, usePublishPolicyVersion, useSavePolicyVersion } from './api/policies.ts';

interface Draft {
  id?: string;
  kind: PolicyKind;
  title: string;
  body: string;
  effectiveAt: string;
  requiresAcceptance: boolean;
}

/** /policy (SPEC §6: developer-only): versions of each policy document, drafts and publication. */
export function PolicyPage() {
  const { t } = useTranslation('editorial');
  const versions = usePolicyVersions();
  const save = useSavePolicyVersion();
  const publish = usePublishPolicyVersion();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirmId, setConfirmId] = useState<string | null>(null);

  const startNew = (kind: PolicyKind) => {
    const last = versions.data?.find((v) => v.kind === kind);
    setDraft({ kind, title: last?.title ?? t(`legal.kinds.${kind}`), body: last?.body ?? '', effectiveAt: todayInDisplayZone(), requiresAcceptance: kind !== 'legal' });
  };
  const edit = (v: PolicyVersionDto) => setDraft({ id: v.id, kind: v.kind, title: v.title, body: v.body, effectiveAt: v.effectiveAt.slice(0, 10), requiresAcceptance: v.requiresAcceptance });

  const submit = async () => {
    if (!draft) return;
    const input = { kind: draft.kind, title: draft.title, body: draft.body, effectiveAt: new Date(`${draft.effectiveAt}T00:00:00`).toISOString(), requiresAcceptance: draft.requiresAcceptance };
    // A refusal is shown under the form (save.error): caught here, it is not an unhandled rejection.
    if (!(await save.mutateAsync({ id: draft.id, input }).then(() => true, () => false))) return;
    notify(t('policy.saved'), 'success');
    setDraft(null);
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title={t('policy.title')} subtitle={t('policy.subtitle')} />
      <ConfirmDialog
        open={!!confirmId}
        title={t('policy.publish')}
        text={t('policy.publishConfirm')}
        confirmLabel={t('policy.publish')}
        cancelLabel={t('policy.cancel')}
        confirmColor="primary"
        busy={publish.isPending}
        onCancel={() => setConfirmId(null)}
        onConfirm={() =>
          // A refusal is toasted by the query client: caught here, it is not an unhandled rejection.
          void publish.mutateAsync(confirmId!).then(
            () => {
              setConfirmId(null);
              notify(t('policy.publishedToast'), 'success');
            },
            () => undefined,
          )
        }
      />
      {versions.isError && <Alert severity="error">{versions.error.message}</Alert>}
      {draft ? (
        <Paper elevation={0} sx={{ p: 3, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
          <TextField select label={t('policy.kind')} value={draft.kind} disabled={!!draft.id} onChange={(e) => setDraft({ ...draft, kind: e.target.value as PolicyKind })}>
            {POLICY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`legal.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('policy.titleField')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} required />
          <TextField label={t('policy.effectiveAt')} type="date" value={draft.effectiveAt} onChange={(e) => setDraft({ ...draft, effectiveAt: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <FormControlLabel control={<Checkbox checked={draft.requiresAcceptance} onChange={(e) => setDraft({ ...draft, requiresAcceptance: e.target.checked })} />} label={t('policy.requiresAcceptance')} />
          <ArticleEditor label={t('policy.body')} value={draft.body} onChange={(body) => setDraft((d) => (d ? { ...d, body } : d))} minHeight={200} />
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
              {t('policy.save')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('policy.cancel')}</Button>
          </Box>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {POLICY_KINDS.map((kind) => (
            <Paper key={kind} component="section" aria-labelledby={`kind-${kind}`} elevation={0} sx={{ p: 2, border: '1px solid', borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography id={`kind-${kind}`} variant="h2" sx={{ fontSize: '1.2rem' }}>
                  {t(`legal.kinds.${kind}`)}
                </Typography>
                <Button variant="outlined" onClick={() => startNew(kind)}>
                  {t('policy.newVersion')}
                </Button>
              </Box>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {versions.data
                  ?.filter((v) => v.kind === kind)
                  .map((v) => (
                    <Box component="li" key={v.id} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
                      <Typography sx={{ minWidth: 100 }}>{t('policy.version', { version: v.version })}</Typography>
                      <Chip size="small" color={v.status === 'published' ? 'success' : 'default'} label={t(v.status === 'published' ? 'policy.published' : 'policy.draft')} />
                      <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
                        {t('policy.inForce', { date: formatDate(v.effectiveAt) })}
                      </Typography>
                      {v.status === 'draft' && (
                        <>
                          <Button size="small" onClick={() => edit(v)}>
                            {t('policy.edit')}
                          </Button>
                          <Button
                            size="small"
                            variant="contained"
                            onClick={() => setConfirmId(v.id)}
                          >
                            {t('policy.publish')}
                          </Button>
                        </>
                      )}
                    </Box>
                  ))}
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
