import { Button, Stack } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useArchivePatient, useInvitePatient } from '../api/patient-writes.ts';
import { ExportFhirAction } from './export-fhir-action.tsx';

// The archive's confirmation (MUI's Dialog, from the `forms` chunk) is asked for when the pointer or
// the focus reaches « Archiver », there on the click: the file's first screen does not wait for it.
const loadConfirm = () => import('../../../components/confirm-dialog.tsx');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/** The file's actions beside its title: the practitioner's notes, documents, FHIR export, invitation, archive. */
export function FileActions({ file }: { file: PatientFile }) {
  const { t } = useTranslation(['patients', 'notes', 'clinicalDocuments']);
  const { role } = useSession();
  const navigate = useNavigate();
  const { identity } = file;
  const archive = useArchivePatient(identity.idPatient);
  const invite = useInvitePatient();
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first click on, so that it closes with its transition.
  const [confirmAsked, setConfirmAsked] = useState(false);
  // The invitation hands out the patient's contact details: dps write, like the server route.
  const canInvite = !!role && can(role, 'dpsWrite') && !identity.archivedAt;
  return (
    <>
      {/* Each action on one line, wrapping as a whole: side by side on a phone they were 4-line columns.
          Beside the title while they fit, else on the line under it (patient-page.tsx). */}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, flex: '0 1 auto', minWidth: 0, '& > *': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
        {/* The practitioner's own notes linked to this file (private notes, /notes filtered by patient). */}
        {!file.isOwnFile && can(role, 'note') && <Button component={RouterLink} to={`/notes?patient=${encodeURIComponent(identity.idPatient)}`}>{t('notes:fromPatient')}</Button>}
        {/* Ordonnances, certificates and letters: written and listed on their own page. */}
        {file.canWrite && <Button component={RouterLink} to={`/documents/${encodeURIComponent(identity.idPatient)}`}>{t('clinicalDocuments:title')}</Button>}
        <ExportFhirAction idPatient={identity.idPatient} isOwnFile={file.isOwnFile} />
        {canInvite && (
          <Button
            variant="outlined"
            startIcon={<ForwardToInboxOutlinedIcon />}
            disabled={invite.isPending}
            onClick={() =>
              invite.mutate(identity.idPatient, {
                onSuccess: () => notify(t('file.invited'), 'success'),
                onError: (error) => notify(error.message, 'error'),
              })
            }
          >
            {t('file.invite')}
          </Button>
        )}
        {file.canWrite && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<ArchiveOutlinedIcon />}
            onPointerEnter={() => void loadConfirm()}
            onFocus={() => void loadConfirm()}
            onClick={() => {
              setConfirmAsked(true);
              setConfirming(true);
            }}
          >
            {t('file.archive')}
          </Button>
        )}
      </Stack>
      {confirmAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t('file.archiveTitle')}
            text={t('file.archiveText', { name: identity.FullName })}
            confirmLabel={t('file.archiveConfirm')}
            busy={archive.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              archive.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  notify(t('file.archived'), 'success');
                  void navigate('/patients/list', { replace: true });
                },
                onError: (error) => {
                  setConfirming(false);
                  notify(error.message, 'error');
                },
              })
            }
          />
        </Suspense>
      )}
    </>
  );
}
