import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { NOTE_LIMITS, type NoteLabel } from '@wellbe/shared/schemas/notes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useLabelMutations } from '../api/labels.ts';

function LabelRow({ label, onError, onDelete }: { label: NoteLabel; onError: (m: string) => void; onDelete: () => void }) {
  const { t } = useTranslation('notes');
  const [name, setName] = useState(label.name);
  const { rename } = useLabelMutations();
  const changed = name.trim() !== label.name;
  return (
    <ListItem disableGutters sx={{ gap: 1 }}>
      <TextField size="small" value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.labelNameMax, 'aria-label': t('labels.rename', { name: label.name }) } }} fullWidth />
      <IconButton
        aria-label={t('labels.saveName', { name: label.name })}
        disabled={!changed || !name.trim() || rename.isPending}
        onClick={() => rename.mutate({ id: label.id, name: name.trim() }, { onError: (err) => onError(isApiError(err) ? err.message : t('errors.save')) })}
      >
        <CheckIcon />
      </IconButton>
      <IconButton aria-label={t('labels.delete', { name: label.name })} onClick={onDelete}>
        <DeleteIcon />
      </IconButton>
    </ListItem>
  );
}

/** 'Modifier les libellés': create, rename, delete (notes keep existing without the label). */
export function LabelsDialog({ labels, onClose }: { labels: NoteLabel[]; onClose: () => void }) {
  const { t } = useTranslation('notes');
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<NoteLabel | null>(null);
  const { create, remove } = useLabelMutations();
  const add = () => {
    if (!name.trim()) return;
    setError(null);
    create.mutate(name.trim(), { onSuccess: () => setName(''), onError: (err) => setError(isApiError(err) ? err.message : t('errors.save')) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('labels.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
          sx={{ pt: 1 }}
        >
          <TextField size="small" label={t('labels.new')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.labelNameMax } }} fullWidth />
          <IconButton type="submit" aria-label={t('labels.create')} disabled={!name.trim() || create.isPending}>
            <AddIcon />
          </IconButton>
        </Stack>
        <List dense>
          {labels.map((l) => (
            <LabelRow key={l.id + l.name} label={l} onError={setError} onDelete={() => setToDelete(l)} />
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('labels.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={!!toDelete}
        text={t('labels.confirmDelete', { name: toDelete?.name ?? '' })}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => remove.mutate(toDelete!.id, { onSettled: () => setToDelete(null), onError: (err) => setError(isApiError(err) ? err.message : t('errors.save')) })}
      />
    </Dialog>
  );
}
