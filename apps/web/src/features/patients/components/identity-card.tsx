import { Box, Button, Card, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { formatDate } from '../../../lib/format.ts';
import { Ltr } from '../../../components/ltr.tsx';

// The edit form is a chunk of its own (react-hook-form, zod, MUI X's date picker and its
// localisation: ~90 KB), asked for when the pointer or the focus reaches « Modifier », there on
// the click; the file's first screen no longer fetches it (issue 31).
const loadForm = () => import('./identity-form.tsx');
const IdentityForm = lazy(() => loadForm().then((m) => ({ default: m.IdentityForm })));

type Identity = PatientFile['identity'];

/** `ltr`: a phone, email, address or date, kept in its own order in a right-to-left page. */
function Field({ label, value, wide = false, ltr = false }: { label: string; value: string | null; wide?: boolean; ltr?: boolean }) {
  const { t } = useTranslation('patients');
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="caption" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', color: value ? 'text.primary' : 'text.secondary', fontStyle: value ? undefined : 'italic' }}>
        {value ? ltr ? <Ltr>{value}</Ltr> : value : t('identity.none')}
      </Typography>
    </Box>
  );
}

/** Identity of the file: read, or edited with dps write under the duplicate rules (SPEC §5, §6). */
export function IdentityCard({ identity, canWrite }: { identity: Identity; canWrite: boolean }) {
  const { t } = useTranslation('patients');
  const [editing, setEditing] = useState(false);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('identity.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        action={
          canWrite &&
          !editing && (
            <Button size="small" startIcon={<EditIcon />} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} onClick={() => setEditing(true)}>
              {t('identity.edit')}
            </Button>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {editing ? (
          <Suspense fallback={<CircularProgress size={24} aria-label={t('file.loading')} />}>
            <IdentityForm identity={identity} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            <Field label={t('identity.fullName')} value={identity.FullName} />
            <Field label={t('identity.phone')} value={identity.PhoneNumber} ltr />
            <Field label={t('identity.email')} value={identity.Email} ltr />
            <Field label={t('identity.birthDate')} value={formatDate(identity.birthDate)} ltr />
            <Field label={t('identity.sex')} value={identity.sex ? t(`identity.sexes.${identity.sex}`) : null} />
            <Field label={t('identity.address')} value={identity.address} ltr />
            <Field label={t('identity.notes')} value={identity.notes} wide />
          </Box>
        )}
        {!editing && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1.5 }}>
            {t('identity.createdOn', { date: formatDate(identity.createdAt) })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
