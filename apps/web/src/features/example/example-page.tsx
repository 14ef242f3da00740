import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Skeleton, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { z } from 'zod';
import { ChartCard } from '../../components/chart-card.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { fieldProps } from '../../components/form-dialog.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { saveBlob } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { isRtl } from '../../i18n/i18n.ts';

// /example (SPEC §2 and §6: developer only): the living style guide. Each block shows one shared
// component of components/ or lib/ as the screens use it, in the language chosen with the switcher
// (fr, en, tr, ar; Arabic right-to-left), so that a new screen reuses them rather than copies them.

function Block({ title, usage, children }: { title: string; usage: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, lg: 6 }}>
      <Card component="section" aria-label={title} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            <code>{usage}</code>
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

const SAMPLE_ROWS = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Exemple ${String(i + 1).padStart(2, '0')}`, day: new Date(Date.UTC(2026, 0, 1 + i * 3, 9)) }));
const SAMPLE_SERIES = [
  { label: 'T1', value: 12 },
  { label: 'T2', value: 19 },
  { label: 'T3', value: 7 },
  { label: 'T4', value: 15 },
];

function ValidationForm() {
  const { t } = useTranslation('example');
  const schema = z.object({
    name: z.string().trim().min(2, t('form.nameRequired')),
    email: z.email(t('form.emailInvalid')),
  });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { name: '', email: '' } });
  const field = fieldProps(form.register, form.formState.errors);
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(() => notify(t('form.saved'), 'success'))} sx={{ display: 'grid', gap: 2 }}>
      <TextField label={t('form.name')} required {...field('name')} />
      <TextField label={t('form.email')} required type="email" {...field('email')} />
      <Box>
        <Button type="submit" variant="contained">
          {t('form.submit')}
        </Button>
      </Box>
    </Box>
  );
}

export function ExamplePage() {
  const { t, i18n } = useTranslation(['example', 'common']);
  const [confirming, setConfirming] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(5);
  const [html, setHtml] = useState('<p>Texte <strong>riche</strong></p>');
  const [files, setFiles] = useState<File[]>([]);
  const [loading, setLoading] = useState(true);
  const rows = SAMPLE_ROWS.slice((page - 1) * pageSize, page * pageSize);
  const csv = () => saveBlob(new Blob([`${t('chart.period')};${t('chart.value')}\n${SAMPLE_SERIES.map((p) => `${p.label};${p.value}`).join('\n')}\n`], { type: 'text/csv;charset=utf-8' }), 'exemple.csv');
  return (
    <Box>
      <PageHeader title={t('title')} />
      <Alert severity="info" sx={{ mb: 3 }} action={<LanguageSwitcher />}>
        {t('intro', { direction: isRtl(i18n.language) ? t('rtl') : t('ltr') })}
      </Alert>
      <Grid container spacing={2}>
        <Block title={t('buttons.title')} usage="@mui/material Button">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained">{t('buttons.primary')}</Button>
            <Button variant="outlined">{t('buttons.secondary')}</Button>
            <Button>{t('buttons.text')}</Button>
            <Button variant="contained" color="error">
              {t('buttons.danger')}
            </Button>
            <Button variant="contained" disabled>
              {t('buttons.disabled')}
            </Button>
            <Chip label={t('buttons.chip')} color="success" size="small" />
          </Stack>
        </Block>
        <Block title={t('form.title')} usage="react-hook-form + zod, components/form-dialog fieldProps">
          <ValidationForm />
        </Block>
        <Block title={t('confirm.title')} usage="components/confirm-dialog ConfirmDialog">
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('confirm.open')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              notify(t('confirm.done'), 'success');
            }}
          />
        </Block>
        <Block title={t('toasts.title')} usage="lib/notify notify(message, variant)">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {(['success', 'info', 'warning', 'error'] as const).map((v) => (
              <Button key={v} variant="outlined" onClick={() => notify(t(`toasts.${v}`), v)}>
                {t(`toasts.${v}`)}
              </Button>
            ))}
          </Stack>
        </Block>
        <Block title={t('table.title')} usage="components/paged-table PagedTable">
          <PagedTable
            label={t('table.title')}
            columns={[
              { key: 'name', label: t('table.name') },
              { key: 'day', label: t('table.day') },
            ]}
            rows={rows}
            renderRow={(r) => (
              <TableRow key={r.id}>
                <TableCell>{r.name}</TableCell>
                <TableCell>{formatDate(r.day)}</TableCell>
              </TableRow>
            )}
            empty={t('table.empty')}
            loading={false}
            page={page}
            pageSize={pageSize}
            pageSizes={[5, 10]}
            total={SAMPLE_ROWS.length}
            onPage={setPage}
            onPageSize={(s) => {
              setPageSize(s);
              setPage(1);
            }}
          />
        </Block>
        <Block title={t('chart.title')} usage="components/chart-card ChartCard + recharts">
          <ChartCard
            testId="example-chart"
            title={t('chart.name')}
            summary={t('chart.summary', { count: SAMPLE_SERIES.length })}
            table={{ columns: [t('chart.period'), t('chart.value')], rows: SAMPLE_SERIES.map((p) => [p.label, p.value]) }}
            onExport={csv}
            chart={
              <ResponsiveContainer>
                <BarChart data={SAMPLE_SERIES} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar dataKey="value" name={t('chart.value')} fill="#0f766e" />
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </Block>
        <Block title={t('editor.title')} usage="components/rich-text-editor RichTextEditor">
          <RichTextEditor label={t('editor.label')} value={html} onChange={setHtml} maxLength={2000} />
        </Block>
        <Block title={t('upload.title')} usage="components/upload-field UploadField">
          <UploadField label={t('upload.label')} files={files} onChange={setFiles} />
        </Block>
        <Block title={t('empty.title')} usage="components/empty-state EmptyState">
          <EmptyState icon={<InboxIcon fontSize="large" />} title={t('empty.heading')} text={t('empty.text')} />
        </Block>
        <Block title={t('loading.title')} usage="components/page-loader PageLoader, @mui/material Skeleton">
          <Button variant="outlined" size="small" onClick={() => setLoading((v) => !v)} aria-pressed={loading} sx={{ mb: 2 }}>
            {t('loading.toggle')}
          </Button>
          {loading ? (
            <Box>
              <PageLoader />
              <Skeleton height={32} />
              <Skeleton height={32} width="60%" />
            </Box>
          ) : (
            <Typography>{t('loading.loaded')}</Typography>
          )}
        </Block>
      </Grid>
    </Box>
  );
}
