import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, IconButton, List, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import DOMPurify from 'dompurify';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDecimal } from '@wellbe/shared/domain/decimal';
import { computeImc } from '@wellbe/shared/domain/imc';
import type { ConsultationDetail as Detail, ConsultationDocument } from '@wellbe/shared/schemas/consultations';
import type { TimelineEntry } from '@wellbe/shared/schemas/patient-files';
import { Ltr } from '../../../components/ltr.tsx';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useConsultation } from '../api/read-consultation.ts';
import { filePath } from '../paths.ts';
import { DocumentActions, PreviewDialog } from './documents-tab.tsx';
import { NoticeForm } from './notice.tsx';
import { NoticeView } from './notice-view.tsx';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { AddendaList, HistoryButton } from './consultation-history.tsx';
import { LastChange } from './last-change.tsx';

/** Rich text from the server is sanitised there, and again here before display (DESIGN §1). Its direction is its own. */
function RichText({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'img'], FORBID_ATTR: ['style'] });
  return <Box className="rich-text" dir="auto" sx={{ '& p': { my: 0.5 }, '& ul, & ol': { pl: 3, my: 0.5 } }} dangerouslySetInnerHTML={{ __html: clean }} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 0.5, textTransform: 'uppercase', letterSpacing: 0.5, fontSize: 12 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const DIETETIC = ['pattern', 'physicalCapacity', 'riskyFoodsFrequency', 'breakfast', 'lunch', 'dinner', 'snack', 'dislikes'] as const;

function Body({ c, entry }: { c: Detail; entry: TimelineEntry | undefined }) {
  const { t } = useTranslation(['patients', 'consultations']);
  const option = useConsultationOption();
  const [preview, setPreview] = useState<ConsultationDocument | null>(null);
  const dash = t('consultation.empty');
  // Texts as written (a full stop stays a full stop); numbers the French way, kept left to right.
  const v = (value: string | null | undefined) => (value == null || value === '' ? dash : value);
  const n = (value: number | null | undefined, decimals?: number) => (value == null ? dash : <Ltr>{formatDecimal(value, decimals)}</Ltr>);
  // Option values read as in the form, in the interface language ('Non renseigné', 'Lombaire'...).
  const opt = (value: string | null | undefined) => (value == null || value === '' ? dash : option(value));
  const imc = computeImc(c.Weight, c.Size);
  const dietetics = DIETETIC.filter((f) => c[f]);
  const prevention = c.preventionType ? t(`consultation.preventionTypes.${c.preventionType}`, { defaultValue: c.preventionType }) : dash;
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Section title={t('consultation.sections.measures')}>
          <Fields
            rows={[
              [t('consultation.fields.Size'), n(c.Size)],
              [t('consultation.fields.Weight'), n(c.Weight)],
              [t('consultation.fields.imc'), n(imc, 2)],
            ]}
          />
        </Section>
        <Section title={t('consultation.sections.pain')}>
          <Fields
            rows={[
              [t('consultation.fields.dolorLocation'), opt(c.dolorLocation)],
              [t('consultation.fields.dolorIntensity'), opt(c.dolorIntensity)],
              [t('consultation.fields.eradiation'), v(c.eradiation)],
              [t('consultation.fields.triggeringFactor'), v(c.triggeringFactor)],
              [t('consultation.fields.startEradiationDate'), c.startEradiationDate ? <Ltr>{formatDate(c.startEradiationDate)}</Ltr> : dash],
            ]}
          />
        </Section>
        <Section title={t('consultation.sections.treatment')}>
          <Fields
            rows={[
              [t('consultation.fields.antalgesicTreatment'), opt(c.antalgesicTreatment)],
              [t('consultation.fields.treatmentName'), v(c.treatmentName)],
              [t('consultation.fields.treatmentEfficacy'), opt(c.treatmentEfficacy)],
            ]}
          />
        </Section>
        <Section title={t('consultation.sections.prevention')}>
          <Fields
            rows={[
              [t('consultation.fields.preventionType'), prevention],
              [t('consultation.fields.prevention1'), v(c.prevention1)],
              [t('consultation.fields.prevention2'), v(c.prevention2)],
              [t('consultation.fields.prevention3'), v(c.prevention3)],
            ]}
          />
        </Section>
        {dietetics.length > 0 && (
          <Section title={t('consultation.sections.dietetics')}>
            <Fields rows={dietetics.map((f) => [t(`consultation.fields.${f}`), v(c[f])] as [string, ReactNode])} />
          </Section>
        )}
      </Box>
      <Section title={t('consultation.sections.note')}>{c.ConsultationNote ? <RichText html={c.ConsultationNote} /> : dash}</Section>
      <Section title={t('consultation.sections.diagnostic')}>{c.Diagnostic ? <RichText html={c.Diagnostic} /> : dash}</Section>
      <Section title={t('consultation.sections.care')}>{c.HealthCareCategory ? <RichText html={c.HealthCareCategory} /> : dash}</Section>
      {c.documents.length > 0 && (
        <Section title={t('consultation.sections.documents')}>
          <List dense disablePadding>
            {c.documents.map((d) => (
              <ActionListItem
                key={d.idDocument}
                disableGutters
                action={<DocumentActions doc={d} onPreview={() => setPreview(d)} />}
              >
                <ListItemText primary={d.fileName} secondary={t('documents.sizeKb', { size: Math.round(d.size / 1000) })} />
              </ActionListItem>
            ))}
          </List>
        </Section>
      )}
      {entry?.notice && (
        <Section title={t('notice.fromPatient')}>
          <NoticeView notice={entry.notice} />
        </Section>
      )}
      {preview && <PreviewDialog doc={preview} onClose={() => setPreview(null)} />}
    </Stack>
  );
}

/** One consultation in full (consultId of the URL), with 'Modifier' for dps write. */
export function ConsultationDetail({
  idPatient,
  idConsultation,
  entry,
  canWrite,
  isOwnFile,
}: {
  idPatient: string;
  idConsultation: string;
  entry: TimelineEntry | undefined;
  canWrite: boolean;
  isOwnFile: boolean;
}) {
  const { t } = useTranslation('patients');
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const consultation = useConsultation(idPatient, idConsultation);
  return (
    <Card variant="outlined" component="article" aria-label={entry ? t('consultation.title', { date: formatDate(entry.ConsultationDate) }) : undefined}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 2 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {t('consultation.title', { date: formatDate(consultation.data?.ConsultationDate ?? entry?.ConsultationDate) })}
            </Typography>
            {entry && (
              <Typography variant="body2" color="textSecondary">
                {t('consultation.by', { practitioner: entry.practitioner, speciality: entry.speciality })}
                {consultation.data && (
                  <>
                    {' · '}
                    <Ltr>{formatDateTime(consultation.data.ConsultationDate)}</Ltr>
                  </>
                )}
              </Typography>
            )}
            <LastChange change={entry?.lastChange} />
          </Box>
          <Stack direction="row" spacing={1}>
            {!isOwnFile && <HistoryButton idPatient={idPatient} idConsultation={idConsultation} />}
            {canWrite && consultation.data && (
              // The consultation panel opens in edit mode on `?consultation=<id>`.
              <Button variant="contained" size="small" startIcon={<EditIcon />} onClick={() => setSearch({ consultation: idConsultation })}>
                {t('consultation.edit')}
              </Button>
            )}
            <Tooltip title={t('consultation.close')}>
              <IconButton aria-label={t('consultation.close')} onClick={() => void navigate(filePath('consultations', idPatient))}>
                <CloseIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        {consultation.isPending && <CircularProgress size={28} aria-label={t('file.loading')} />}
        {consultation.isError && <Alert severity="error">{consultation.error.message || t('consultation.notFound')}</Alert>}
        {consultation.data && <Body c={consultation.data} entry={entry} />}
        {consultation.data && <AddendaList addenda={consultation.data.addenda} signedAt={consultation.data.signedAt} signedBy={consultation.data.signedByName} />}
        {isOwnFile && (
          <Box sx={{ mt: 2 }}>
            <NoticeForm idPatient={idPatient} idConsultation={idConsultation} notice={entry?.notice ?? null} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
