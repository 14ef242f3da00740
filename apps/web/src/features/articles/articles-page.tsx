import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemButton, ListItemText, MenuItem, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ARTICLE_AUDIENCES,
  ARTICLE_STATUSES,
  ARTICLE_TRANSITIONS,
  type ArticleDto,
  type ArticleStatus,
} from '@wellbe/shared/schemas/articles';
import { ARTICLE_CATEGORIES } from '@wellbe/shared/domain/articles';
import { ArticleEditor } from '../../components/article-editor.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { createArticle, saveArticle, uploadArticleImage, useArticle, useArticleAction, useArticleList, useArticleVersions } from './api/articles.ts';
import { ArticleView } from './article-view.tsx';
import { CoverField, VersionsList } from './article-side.tsx';

/** /articles (SPEC §6: developer-only): the list with status filters and search, and the editor. */
export function ArticlesPage() {
  const { t } = useTranslation('editorial');
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  const [q, setQ] = useState('');
  const list = useArticleList({ status: status || undefined, q: q || undefined, page: 1 });
  const queryClient = useQueryClient();

  const startNew = async () => {
    const created = await createArticle({ title: t('articles.new'), category: 'prevention' });
    await queryClient.invalidateQueries({ queryKey: queryKeys.articles.all });
    setEditing(created.id);
  };

  if (editing) return <ArticleEditorScreen id={editing} onBack={() => setEditing(null)} />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title={t('articles.title')} subtitle={t('articles.subtitle')} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField size="small" label={t('articles.search')} value={q} onChange={(e) => setQ(e.target.value)} />
        <TextField size="small" select label={t('articles.status')} value={status} onChange={(e) => setStatus(e.target.value as ArticleStatus | '')} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('articles.all')}</MenuItem>
          {ARTICLE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`articles.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" sx={{ ml: 'auto' }} onClick={() => void startNew()}>
          {t('articles.new')}
        </Button>
      </Box>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <Paper elevation={0} sx={{ border: '1px solid', borderColor: 'divider' }}>
        {list.data?.items.length === 0 && <Typography sx={{ p: 2 }}>{t('articles.empty')}</Typography>}
        <List aria-label={t('articles.title')}>
          {/* Each button in its <li>: a <ul> holds list items only (axe 'list'). */}
          {list.data?.items.map((a) => (
            <ListItem key={a.id} disablePadding>
              <ListItemButton onClick={() => setEditing(a.id)}>
                <ListItemText
                  primary={a.title}
                  secondary={`${t(`articles.categories.${a.category}`)} · ${t(`articles.audiences.${a.audience}`)} · ${a.language.toUpperCase()} · ${t('articles.reads', { count: a.readCount })}${a.publishedAt ? ' · ' + formatDate(a.publishedAt) : ''}`}
                />
                <Chip size="small" label={t(`articles.statuses.${a.status}`)} color={a.status === 'publie' ? 'success' : 'default'} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}

type Form = Pick<ArticleDto, 'title' | 'slug' | 'summary' | 'body' | 'category' | 'audience'> & { tags: string; publishAt: string };

function toForm(a: ArticleDto): Form {
  return { title: a.title, slug: a.slug, summary: a.summary, body: a.body, category: a.category, audience: a.audience, tags: a.tags.join(', '), publishAt: a.publishAt ? a.publishAt.slice(0, 16) : '' };
}

function ArticleEditorScreen({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('editorial');
  const article = useArticle(id);
  const versions = useArticleVersions(id);
  const action = useArticleAction();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form | null>(null);
  const [tab, setTab] = useState<'editor' | 'preview'>('editor');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dirty = useRef(false);

  useEffect(() => {
    if (article.data && !form) setForm(toForm(article.data));
  }, [article.data, form]);

  const change = (patch: Partial<Form>) => {
    dirty.current = true;
    setForm((f) => (f ? { ...f, ...patch } : f));
  };

  const save = useCallback(async () => {
    if (!form || !dirty.current) return;
    dirty.current = false;
    try {
      await saveArticle(id, {
        title: form.title,
        slug: form.slug,
        summary: form.summary,
        body: form.body,
        category: form.category,
        audience: form.audience,
        tags: form.tags.split(',').map((s) => s.trim()).filter(Boolean),
        publishAt: form.publishAt ? new Date(form.publishAt).toISOString() : null,
      });
      setSavedAt(new Date().toISOString());
      setError(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.articles.versions(id) });
    } catch (err) {
      dirty.current = true;
      setError((err as Error).message);
    }
  }, [form, id, queryClient]);

  // Autosave every 10 s while something changed (issue 20).
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const timer = setInterval(() => void saveRef.current(), 10_000);
    return () => clearInterval(timer);
  }, []);

  if (!form || !article.data) return <Box sx={{ p: 3 }}>{article.isError ? <Alert severity="error">{article.error.message}</Alert> : null}</Box>;
  const a = article.data;
  const moveTo = async (status: ArticleStatus) => {
    await save();
    // A refusal is shown above the editor (action.error): caught here, it is not an unhandled rejection.
    if (!(await action.mutateAsync({ id, status }).then(() => true, () => false))) return;
    notify(t(`articles.statuses.${status}`), 'success');
  };

  const restore = (versionId: string) =>
    void action.mutateAsync({ id, restore: versionId }).then(
      (restored) => {
        setForm(toForm(restored));
        notify(t('articles.restored'), 'success');
      },
      () => undefined, // shown above the editor (action.error)
    );

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title={form.title || t('articles.new')} subtitle={`${t(`articles.statuses.${a.status}`)}${a.status === 'relu' && a.publishAt ? ' · ' + t('articles.scheduled', { date: formatDateTime(a.publishAt) }) : ''}`} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <Button onClick={() => void save().then(onBack)}>{t('articles.back')}</Button>
        <Button variant="outlined" onClick={() => void save()}>
          {t('articles.save')}
        </Button>
        {ARTICLE_TRANSITIONS[a.status].map((s) => (
          <Button key={s} variant={s === 'publie' ? 'contained' : 'outlined'} onClick={() => void moveTo(s)}>
            {t(`articles.toStatus.${s}`)}
          </Button>
        ))}
        <Typography variant="body2" color="textSecondary" role="status" sx={{ ml: 'auto' }}>
          {savedAt ? t('articles.savedAt', { time: formatDateTime(savedAt).slice(-5) }) : ''}
        </Typography>
      </Box>
      {(error || action.error) && <Alert severity="error" sx={{ mb: 2 }}>{error ?? action.error?.message}</Alert>}
      <Tabs value={tab} onChange={(_e, v: 'editor' | 'preview') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="editor" label={t('articles.editor')} />
        <Tab value="preview" label={t('articles.preview')} onClick={() => void save()} />
      </Tabs>
      {tab === 'preview' ? (
        <ArticleView article={{ ...a, title: form.title, summary: form.summary, body: form.body }} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField label={t('articles.titleField')} value={form.title} onChange={(e) => change({ title: e.target.value })} required />
            <TextField label={t('articles.summary')} value={form.summary} onChange={(e) => change({ summary: e.target.value })} multiline minRows={2} />
            <ArticleEditor
              label={t('articles.body')}
              value={form.body}
              onChange={(body) => change({ body })}
              onUploadImage={async (file) => {
                const answer = (await uploadArticleImage(id, file, 'images')) as { url: string };
                return answer.url;
              }}
            />
          </Box>
          <Paper elevation={0} sx={{ p: 2, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
            <TextField label={t('articles.slug')} value={form.slug} onChange={(e) => change({ slug: e.target.value })} />
            <TextField select label={t('articles.category')} value={form.category} onChange={(e) => change({ category: e.target.value as Form['category'] })}>
              {ARTICLE_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`articles.categories.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('articles.audience')} value={form.audience} onChange={(e) => change({ audience: e.target.value as Form['audience'] })}>
              {ARTICLE_AUDIENCES.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`articles.audiences.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('articles.tags')} value={form.tags} onChange={(e) => change({ tags: e.target.value })} />
            <TextField label={t('articles.publishAt')} type="datetime-local" value={form.publishAt} onChange={(e) => change({ publishAt: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <CoverField id={id} coverUrl={a.coverUrl} onError={setError} />
            <VersionsList versions={versions.data} onRestore={restore} />
          </Paper>
        </Box>
      )}
    </Box>
  );
}
