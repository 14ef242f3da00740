import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemButton, ListItemIcon, ListItemText, MenuItem, Paper, TextField } from '@mui/material';
import ContactsIcon from '@mui/icons-material/ContactsOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import HistoryIcon from '@mui/icons-material/AccessTimeOutlined';
import { CONTACT_PROFESSIONS, type ContactGroup, type ContactProfession } from '@wellbe/shared/schemas/contacts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactListParams } from '../api/list-contacts.ts';

function FilterButton({ selected, icon, label, onClick }: { selected: boolean; icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton selected={selected} aria-pressed={selected} onClick={onClick} sx={{ borderRadius: 2 }}>
        <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />
      </ListItemButton>
    </ListItem>
  );
}

/** The address book's side panel: all, frequent, starred, the user's groups, a profession. */
export function ContactFilters({ params, groups, onFilter, onDeleteGroup }: { params: ContactListParams; groups: ContactGroup[]; onFilter: (next: ContactListParams) => void; onDeleteGroup: (group: ContactGroup) => void }) {
  const { t } = useTranslation('contacts');
  return (
    <Paper component="nav" aria-label={t('filters.title')} variant="outlined" sx={{ width: { xs: '100%', lg: 240 }, flexShrink: 0, p: 1 }}>
      <List dense disablePadding>
        <FilterButton selected={params.filter === 'all'} icon={<ContactsIcon />} label={t('filters.all')} onClick={() => onFilter({ ...params, filter: 'all', groupId: undefined })} />
        <FilterButton selected={params.filter === 'frequent'} icon={<HistoryIcon />} label={t('filters.frequent')} onClick={() => onFilter({ ...params, filter: 'frequent', groupId: undefined })} />
        <FilterButton selected={params.filter === 'starred'} icon={<StarBorderIcon />} label={t('filters.starred')} onClick={() => onFilter({ ...params, filter: 'starred', groupId: undefined })} />
        {groups.map((g) => (
          <FilterButton key={g.id} selected={params.groupId === g.id} icon={<GroupIcon />} label={`${g.name} (${g.contactIds.length})`} onClick={() => onFilter({ ...params, filter: 'group', groupId: g.id })} />
        ))}
      </List>
      {params.filter === 'group' && params.groupId && (
        <Button
          size="small"
          color="error"
          sx={{ mt: 1 }}
          onClick={() => {
            const g = groups.find((x) => x.id === params.groupId);
            if (g) onDeleteGroup(g);
          }}
        >
          {t('groups.delete')}
        </Button>
      )}
      <TextField
        select
        size="small"
        label={t('filters.profession')}
        value={params.profession ?? ''}
        onChange={(e) => onFilter({ ...params, profession: (e.target.value || undefined) as ContactProfession | undefined })}
        fullWidth
        sx={{ mt: 2 }}
      >
        <MenuItem value="">{t('filters.anyProfession')}</MenuItem>
        {CONTACT_PROFESSIONS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`professions.${p}`)}
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}

/** A name for a group made of the selection. */
export function GroupDialog({ count, busy, onCancel, onSave }: { count: number; busy: boolean; onCancel: () => void; onSave: (name: string) => void }) {
  const { t } = useTranslation('contacts');
  const titleId = useId();
  const [name, setName] = useState('');
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('groups.newTitle', { count })}</DialogTitle>
      <DialogContent>
        <TextField label={t('groups.name')} value={name} onChange={(e) => setName(e.target.value)} autoFocus fullWidth sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength: 60 } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || busy} onClick={() => onSave(name.trim())}>
          {t('groups.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
