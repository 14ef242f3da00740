import { Avatar, Box, Button, Checkbox, IconButton, InputAdornment, List, ListItem, ListItemAvatar, ListItemButton, ListItemText, ListSubheader, TextField, Toolbar, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { Contact } from '@wellbe/shared/schemas/contacts';
import { fold } from '@wellbe/shared/domain/text';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName, initialsOf } from './contact-details.tsx';

/** Letter headings of the alphabetical list (accents folded: « É » files under E); none for the frequent ones. */
export function useLetterSections(contacts: Contact[], frequent: boolean) {
  return useMemo(() => {
    const out: { letter: string; items: Contact[] }[] = [];
    for (const c of contacts) {
      const letter = frequent ? '' : (fold(c.lastName || c.name).replace(/[^a-z0-9]/g, '')[0] ?? '#').toUpperCase();
      const last = out[out.length - 1];
      if (last && last.letter === letter) last.items.push(c);
      else out.push({ letter, items: [c] });
    }
    return out;
  }, [contacts, frequent]);
}

/** The search box above the list (searched on the server, after a pause in typing). */
export function ContactSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('contacts');
  return (
    <Box sx={{ p: 2, pb: 1 }}>
      <TextField
        size="small"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('search')}
        fullWidth
        slotProps={{ htmlInput: { 'aria-label': t('search'), maxLength: 100 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
    </Box>
  );
}

export type BulkOperation = 'star' | 'unstar' | 'group' | 'export' | 'delete';

/** Select all, then what to do with the selection (or the count when nothing is selected). */
export function ContactToolbar({ contacts, checked, onCheck, onBulk }: { contacts: Contact[]; checked: string[]; onCheck: (ids: string[]) => void; onBulk: (operation: BulkOperation) => void }) {
  const { t } = useTranslation('contacts');
  const allChecked = contacts.length > 0 && contacts.every((c) => checked.includes(c.id));
  return (
    <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap', bgcolor: checked.length ? 'action.selected' : undefined }}>
      <Checkbox
        checked={allChecked}
        indeterminate={checked.length > 0 && !allChecked}
        onChange={() => onCheck(allChecked ? [] : contacts.map((c) => c.id))}
        slotProps={{ input: { 'aria-label': t('bulk.selectAll') } }}
      />
      {checked.length > 0 ? (
        <>
          <Typography variant="body2" sx={{ mr: 'auto' }}>
            {t('bulk.selected', { count: checked.length })}
          </Typography>
          {(['star', 'unstar', 'group', 'export'] as const).map((operation) => (
            <Button key={operation} size="small" onClick={() => onBulk(operation)}>
              {t(`bulk.${operation}`)}
            </Button>
          ))}
          <Button size="small" color="error" onClick={() => onBulk('delete')}>
            {t('bulk.delete')}
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="textSecondary">
          {t('count', { count: contacts.length })}
        </Typography>
      )}
    </Toolbar>
  );
}

/** The contacts under their letters: a checkbox, the contact (opens the details), its star. */
export function ContactSections({
  sections,
  checked,
  selectedId,
  onToggle,
  onSelect,
  onStar,
}: {
  sections: { letter: string; items: Contact[] }[];
  checked: string[];
  selectedId: string | null;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
  onStar: (contact: Contact) => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <List aria-label={t('listLabel')} sx={{ maxHeight: { lg: '65vh' }, overflowY: 'auto' }}>
      {sections.map((s) => (
        <li key={s.letter + s.items[0].id}>
          <Box component="ul" sx={{ p: 0 }}>
            {s.letter && <ListSubheader sx={{ lineHeight: '32px' }}>{s.letter}</ListSubheader>}
            {s.items.map((c) => (
              <ListItem
                key={c.id}
                disablePadding
                secondaryAction={
                  <IconButton edge="end" aria-label={t(c.starred ? 'actions.unstar' : 'actions.star', { name: fullName(c) })} aria-pressed={c.starred} onClick={() => onStar(c)}>
                    {c.starred ? <StarIcon sx={{ color: '#b26a00' }} /> : <StarBorderIcon />}
                  </IconButton>
                }
              >
                <Checkbox checked={checked.includes(c.id)} onChange={() => onToggle(c.id)} slotProps={{ input: { 'aria-label': t('bulk.select', { name: fullName(c) }) } }} sx={{ ml: 1 }} />
                <ListItemButton selected={selectedId === c.id} onClick={() => onSelect(c.id)}>
                  <ListItemAvatar>
                    <Avatar aria-hidden src={c.avatar || undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                      {initialsOf(c)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={fullName(c)}
                    secondary={[c.jobTitle, c.company].filter(Boolean).join(' — ') || t(`professions.${c.profession}`)}
                    slotProps={{ primary: { noWrap: true, dir: 'auto' }, secondary: { noWrap: true, dir: 'auto' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </Box>
        </li>
      ))}
    </List>
  );
}
