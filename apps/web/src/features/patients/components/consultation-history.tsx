import { Box, Button, Chip, CircularProgress, Alert, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@wellbe/shared/domain/decimal';
import type { Addendum, FieldChange } from '@wellbe/shared/schemas/history';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { Ltr, WithLtr } from '../../../components/ltr.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useConsultationHistory } from '../api/history.ts';

// Issue 32: who changed a consultation and when, a readable diff per version, its addenda.

/** Rich text compared as text: the words a reader sees, not the markup. */
function asText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

// The measures' units as the file's charts write them (Arabic: سم, كغ).
const UNITS: Record<string, string> = { Size: 'patients:measures.unitCm', Weight: 'patients:measures.unitKg' };
const INSTANTS = new Set(['ConsultationDate', 'signedAt', 'lockedAt', 'archivedAt']);
// Calendar days (YYYY-MM-DD), shown DD/MM/YYYY without any time zone shift.
const DAYS = new Set(['startEradiationDate', 'birthDate']);
// Stored as codes, read as the words the form shows.
const CODED = new Set(['preventionType']);
// Stored as the consultation form's French list values ('Lombaire', 'Non Renseigné'), read in the reader's language.
const OPTIONS = new Set(['dolorLocation', 'dolorIntensity', 'antalgesicTreatment', 'treatmentEfficacy']);

/** One value of a change, as a reader writes it (numbers with their units, dates DD/MM/YYYY). */
function useShow() {
  const { t } = useTranslation(['history', 'patients']);
  const option = useConsultationOption();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('empty');
    if (typeof value === 'number') return `${formatDecimal(value)}${UNITS[field] ? ` ${t(UNITS[field] as never)}` : ''}`;
    if (typeof value === 'string' && OPTIONS.has(field)) return option(value);
    if (typeof value === 'string' && INSTANTS.has(field)) return formatDateTime(value);
    if (typeof value === 'string' && DAYS.has(field)) return formatDate(value);
    if (typeof value === 'string' && CODED.has(field)) return t(`values.${field}.${value}`, { defaultValue: value });
    if (typeof value === 'string') return asText(value) || value;
    if (typeof value === 'object' && value && 'fileName' in value) return String(value.fileName);
    if (typeof value === 'object' && value && 'text' in value) return asText(String(value.text));
    return JSON.stringify(value);
  };
}

function Change({ change }: { change: FieldChange }) {
  const { t } = useTranslation(['history', 'consultations']);
  const show = useShow();
  if (change.field === 'signedBy') return null;
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {/* The dietetic fields are named as the consultation form names them (no second copy here). */}
        {t([`fields.${change.field}`, `consultations:fields.${change.field}`] as never, { defaultValue: change.field }) as string}
      </Typography>{' '}
      {change.before !== null && (
        <Typography variant="body2" component="del" color="error" sx={{ mx: 0.5 }}>
          <bdi>{show(change.field, change.before)}</bdi>
        </Typography>
      )}
      <Typography variant="body2" component="ins" sx={{ color: 'success.dark', textDecoration: 'none' }}>
        → <bdi>{show(change.field, change.after)}</bdi>
      </Typography>
    </Box>
  );
}

/** The history dialog: one block per version, oldest first. */
export function HistoryDialog({ idPatient, idConsultation, open, onClose }: { idPatient: string; idConsultation: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('history');
  const history = useConsultationHistory(idPatient, idConsultation, open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="history-title">
      <DialogTitle id="history-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <CircularProgress size={28} aria-label={t('loading')} />}
        {history.isError && <Alert severity="error">{history.error.message}</Alert>}
        <List dense>
          {(history.data ?? []).map((v) => (
            <ListItem key={v.version} sx={{ display: 'block', borderLeft: 3, borderColor: 'divider', mb: 1 }} data-testid="history-version">
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={t(`kinds.${v.kind}`, { defaultValue: v.kind })} color={v.kind === 'signed' ? 'success' : 'default'} />
                <Typography variant="body2">
                  {t('versionLine', { version: v.version, by: v.author.name ?? t('system') })} · <Ltr>{formatDateTime(v.at)}</Ltr>
                </Typography>
              </Stack>
              <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
                {v.kind !== 'created' && v.changes.map((c, i) => <Change key={`${c.field}-${i}`} change={c} />)}
              </Box>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Historique' beside the consultation's actions. */
export function HistoryButton({ idPatient, idConsultation }: { idPatient: string; idConsultation: string }) {
  const { t } = useTranslation('history');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
      {open && <HistoryDialog idPatient={idPatient} idConsultation={idConsultation} open onClose={() => setOpen(false)} />}
    </>
  );
}

/** The addenda under the consultation: dated, signed by their author. */
export function AddendaList({ addenda, signedAt, signedBy }: { addenda: Addendum[]; signedAt: string | null; signedBy: string | null }) {
  const { t } = useTranslation('history');
  return (
    <Box>
      {signedAt && (
        <Typography variant="body2" sx={{ color: 'success.dark', mb: 1 }}>
          <WithLtr text={(date) => t('signed', { date, by: signedBy ?? '' })} value={formatDateTime(signedAt)} />
        </Typography>
      )}
      {addenda.map((a) => (
        <Box key={a.id} sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5, mb: 1 }} data-testid="addendum">
          <Typography variant="caption" color="textSecondary">
            <WithLtr text={(date) => t('addendumBy', { date, by: a.authorName })} value={formatDateTime(a.at)} />
          </Typography>
          <Typography variant="body2">{asText(a.text)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
