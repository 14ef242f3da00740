import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NEWSLETTER_AUDIENCES, type NewsletterDto, type NewsletterInput } from '@wellbe/shared/schemas/articles';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
// The organisations of the audience 'Les patients d’une organisation' (DE).
import { useOrganisationOptions } from '../../lib/organisation-options.ts';
import { ArticlesChooser, NewsletterPreview } from './components/newsletter-parts.tsx';
import { useNewsletter, useNewsletterPreview, useNewsletters, usePublishedArticles, useSaveNewsletter, useSendNewsletter } from './api/newspapers.ts';
import { organisationItems } from '../../components/organisation-items.tsx';

/** /newspapers (SPEC §6: developer-only): the newsletters with their figures, the editor and the sending. */
export function NewspapersPage() {
  const { t } = useTranslation('editorial');
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const list = useNewsletters();

  if (editing) return <NewsletterEditor id={editing.id} onCreated={(id) => setEditing({ id })} onBack={() => setEditing(null)} />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t('newspapers.title')}
        subtitle={t('newspapers.subtitle')}
        actions={
          <Button variant="contained" onClick={() => setEditing({ id: null })}>
            {t('newspapers.new')}
          </Button>
        }
      />
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {list.data?.length === 0 && <Typography>{t('newspapers.empty')}</Typography>}
      {!!list.data?.length && (
        <TableContainer component={Paper} elevation={0} sx={{ border: '1px solid', borderColor: 'divider' }}>
          <Table size="small" aria-label={t('newspapers.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('newspapers.titleField')}</TableCell>
                <TableCell>{t('newspapers.audience')}</TableCell>
                <TableCell>{t('newspapers.status')}</TableCell>
                <TableCell>{t('newspapers.date')}</TableCell>
                <TableCell align="right">{t('newspapers.stats.recipients')}</TableCell>
                <TableCell align="right">{t('newspapers.stats.sent')}</TableCell>
                <TableCell align="right">{t('newspapers.stats.failed')}</TableCell>
                <TableCell align="right">{t('newspapers.stats.unsubscribed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((n) => (
                <TableRow key={n.id} hover>
                  <TableCell>
                    <Button variant="text" sx={{ textAlign: 'start', textTransform: 'none', p: 0 }} onClick={() => setEditing({ id: n.id })}>
                      {n.title}
                    </Button>
                  </TableCell>
                  <TableCell>{audienceLine(n, t)}</TableCell>
                  <TableCell>
                    <StatusChip status={n.status} />
                  </TableCell>
                  <TableCell>{n.sentAt ? formatDateTime(n.sentAt) : n.scheduledAt ? formatDateTime(n.scheduledAt) : '—'}</TableCell>
                  <TableCell align="right">{n.stats.recipients}</TableCell>
                  <TableCell align="right">{n.stats.sent}</TableCell>
                  <TableCell align="right">{n.stats.failed}</TableCell>
                  <TableCell align="right">{n.stats.unsubscribed}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function audienceLine(n: NewsletterDto, t: (key: string) => string): string {
  return t(`newspapers.audiences.${n.audience}`) + (n.organizationName ? ` · ${n.organizationName}` : '');
}

function StatusChip({ status }: { status: NewsletterDto['status'] }) {
  const { t } = useTranslation('editorial');
  const color = status === 'envoyee' ? 'success' : status === 'programmee' ? 'info' : status === 'envoi' ? 'warning' : 'default';
  return <Chip size="small" label={t(`newspapers.statuses.${status}`)} color={color} />;
}

type Form = Required<Pick<NewsletterInput, 'title' | 'intro' | 'articleIds' | 'audience'>> & { organizationId: string };

const EMPTY: Form = { title: '', intro: '', articleIds: [], audience: 'all_patients', organizationId: '' };

/** /newspapers create and view: the form, the article picker, the mail's preview, "Envoyer maintenant" / "Programmer". */
function NewsletterEditor({ id, onCreated, onBack }: { id: string | null; onCreated: (id: string) => void; onBack: () => void }) {
  const { t } = useTranslation('editorial');
  const newsletter = useNewsletter(id);
  const save = useSaveNewsletter();
  const send = useSendNewsletter();
  const [form, setForm] = useState<Form | null>(id ? null : EMPTY);
  const [dirty, setDirty] = useState(!id);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [when, setWhen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const published = usePublishedArticles();
  const organisations = useOrganisationOptions(form?.audience === 'organisation_patients');
  const preview = useNewsletterPreview(id, tab === 'preview' && !dirty);

  useEffect(() => {
    if (newsletter.data && !form) {
      const n = newsletter.data;
      setForm({ title: n.title, intro: n.intro, articleIds: n.articleIds, audience: n.audience, organizationId: n.organizationId ?? '' });
    }
  }, [newsletter.data, form]);

  if (!form) return <Box sx={{ p: 3 }}>{newsletter.isError && <Alert severity="error">{newsletter.error.message}</Alert>}</Box>;
  const n = newsletter.data;
  const locked = n?.status === 'envoi' || n?.status === 'envoyee';
  const change = (patch: Partial<Form>) => {
    setDirty(true);
    setForm({ ...form, ...patch });
  };
  const articles = published.data ?? [];
  const toggle = (articleId: string) => change({ articleIds: form.articleIds.includes(articleId) ? form.articleIds.filter((x) => x !== articleId) : [...form.articleIds, articleId] });
  const move = (index: number, by: -1 | 1) => {
    const ids = [...form.articleIds];
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    change({ articleIds: ids });
  };

  /** Saves what changed; the id of the newsletter, or null when the server refused. */
  const persist = async (): Promise<string | null> => {
    if (!dirty && id) return id;
    const body: NewsletterInput = { ...form, organizationId: form.audience === 'organisation_patients' ? form.organizationId || null : null };
    try {
      const saved = await save.mutateAsync({ id, body });
      setDirty(false);
      if (!id) onCreated(saved.id);
      else notify(t('newspapers.saved'), 'success');
      return saved.id;
    } catch {
      return null;
    }
  };
  const sendNow = async () => {
    setConfirming(false);
    const savedId = await persist();
    if (savedId) await send.mutateAsync({ id: savedId }).then(() => notify(t('newspapers.sending'), 'success'), () => undefined);
  };
  const schedule = async () => {
    const savedId = await persist();
    if (savedId && when) await send.mutateAsync({ id: savedId, scheduledAt: new Date(when).toISOString() }).then(() => notify(t('newspapers.scheduledOk'), 'success'), () => undefined);
  };

  const error = save.error ?? send.error;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title={n?.title || form.title || t('newspapers.new')} subtitle={n ? statusLine(n, t) : t('newspapers.newSubtitle')} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <Button onClick={onBack}>{t('newspapers.back')}</Button>
        {!locked && (
          <Button variant="outlined" disabled={save.isPending} onClick={() => void persist()}>
            {id ? t('newspapers.save') : t('newspapers.create')}
          </Button>
        )}
        {n?.status === 'programmee' && (
          <Button variant="outlined" onClick={() => void send.mutateAsync({ id: n.id, unschedule: true }).catch(() => undefined) /* shown below (send.error) */}>
            {t('newspapers.unschedule')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {n && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} aria-label={t('newspapers.statsTitle')} role="group">
          {(['recipients', 'sent', 'failed', 'unsubscribed'] as const).map((k) => (
            <Chip key={k} variant="outlined" label={`${t('common:labelled', { label: t(`newspapers.stats.${k}`) })} ${n.stats[k]}`} />
          ))}
        </Box>
      )}
      <Tabs value={tab} onChange={(_e, v: 'edit' | 'preview') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="edit" label={t('newspapers.content')} />
        <Tab value="preview" label={t('newspapers.preview')} disabled={!id} />
      </Tabs>
      {tab === 'preview' ? (
        <NewsletterPreview dirty={dirty} preview={preview.data} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField label={t('newspapers.titleField')} value={form.title} onChange={(e) => change({ title: e.target.value })} required disabled={locked} />
            <TextField label={t('newspapers.intro')} value={form.intro} onChange={(e) => change({ intro: e.target.value })} multiline minRows={3} disabled={locked} />
            <ArticlesChooser articleIds={form.articleIds} articles={articles} locked={locked} move={move} toggle={toggle} />
          </Box>
          <Paper elevation={0} sx={{ p: 2, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
            <TextField select label={t('newspapers.audience')} value={form.audience} onChange={(e) => change({ audience: e.target.value as Form['audience'] })} disabled={locked}>
              {NEWSLETTER_AUDIENCES.map((a) => (
                <MenuItem key={a} value={a}>
                  {t(`newspapers.audiences.${a}`)}
                </MenuItem>
              ))}
            </TextField>
            {form.audience === 'organisation_patients' && (
              <TextField select label={t('newspapers.organisation')} value={form.organizationId} onChange={(e) => change({ organizationId: e.target.value })} disabled={locked}>
                {organisationItems(organisations.data)}
              </TextField>
            )}
            <Typography variant="body2" color="textSecondary">
              {t('newspapers.optInHint')}
            </Typography>
            {!locked && (
              <>
                <Button variant="contained" disabled={send.isPending || save.isPending} onClick={() => setConfirming(true)}>
                  {t('newspapers.sendNow')}
                </Button>
                <TextField label={t('newspapers.scheduleAt')} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
                <Button variant="outlined" disabled={!when || send.isPending || save.isPending} onClick={() => void schedule()}>
                  {t('newspapers.schedule')}
                </Button>
              </>
            )}
          </Paper>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('newspapers.confirmTitle')}
        text={t('newspapers.confirmText', { audience: t(`newspapers.audiences.${form.audience}`) })}
        confirmLabel={t('newspapers.sendNow')}
        confirmColor="primary"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void sendNow()}
      />
    </Box>
  );
}

/** "Envoyée · Tous les patients… · envoyée le 16/11/2026 14:00 · par Hugo Lambert". */
function statusLine(n: NewsletterDto, t: (key: string, values?: Record<string, string>) => string): string {
  return [
    t(`newspapers.statuses.${n.status}`),
    audienceLine(n, t),
    n.sentAt ? t('newspapers.sentOn', { date: formatDateTime(n.sentAt) }) : n.scheduledAt ? t('newspapers.scheduledOn', { date: formatDateTime(n.scheduledAt) }) : '',
    n.createdBy ? t('newspapers.by', { name: n.createdBy }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
