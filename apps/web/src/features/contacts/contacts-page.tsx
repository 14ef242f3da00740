import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import ContactsIcon from '@mui/icons-material/ContactsOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import HistoryIcon from '@mui/icons-material/AccessTimeOutlined';
import { can } from '@wellbe/shared/permissions';
import { CONTACT_PROFESSIONS, type Contact, type ContactProfession } from '@wellbe/shared/schemas/contacts';
import { fold } from '@wellbe/shared/domain/text';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useContactUser } from './api/contact-user.ts';
import { useContacts, type ContactListParams } from './api/list-contacts.ts';
import { useContact } from './api/read-contact.ts';
import { useContactMutations } from './api/save-contact.ts';
import { exportVCards } from './api/vcard.ts';
import { ContactDetails, fullName, initialsOf } from './components/contact-details.tsx';
import { ContactFormDialog } from './components/contact-form-dialog.tsx';
import { ImportDialog } from './components/import-dialog.tsx';
import { PracticeContact } from './components/practice-card.tsx';

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

/** A name for a group made of the selection. */
function GroupDialog({ count, busy, onCancel, onSave }: { count: number; busy: boolean; onCancel: () => void; onSave: (name: string) => void }) {
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

function AddressBook() {
  const { t } = useTranslation('contacts');
  const [params, setParams] = useState<ContactListParams>({ filter: 'all' });
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useContacts({ ...params, q: q || undefined });
  const me = useContactUser();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const details = useContact(selectedId);
  const [checked, setChecked] = useState<string[]>([]);
  const [form, setForm] = useState<Contact | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const [grouping, setGrouping] = useState(false);
  const [groupToDelete, setGroupToDelete] = useState<{ id: string; name: string } | null>(null);
  const { star, bulk, group, removeGroup } = useContactMutations();
  const contacts = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  // Letter headings of the alphabetical list (accents folded: « É » files under E).
  const sections = useMemo(() => {
    const out: { letter: string; items: Contact[] }[] = [];
    for (const c of contacts) {
      const letter = params.filter === 'frequent' ? '' : (fold(c.lastName || c.name).replace(/[^a-z0-9]/g, '')[0] ?? '#').toUpperCase();
      const last = out[out.length - 1];
      if (last && last.letter === letter) last.items.push(c);
      else out.push({ letter, items: [c] });
    }
    return out;
  }, [contacts, params.filter]);

  const fail = (err: unknown) => notify(isApiError(err) ? err.message : t('errors.failed'), 'error');
  const toggleCheck = (id: string) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const allChecked = contacts.length > 0 && contacts.every((c) => checked.includes(c.id));
  const setFilter = (next: ContactListParams) => {
    setParams(next);
    setChecked([]);
  };

  const runBulk = (operation: 'star' | 'unstar' | 'delete', ids: string[]) =>
    bulk.mutate(
      { operation, contactIds: ids },
      {
        onSuccess: () => {
          notify(t(`toast.${operation}`, { count: ids.length }), 'success');
          if (operation === 'delete') {
            if (selectedId && ids.includes(selectedId)) setSelectedId(null);
            setChecked([]);
            setConfirm(null);
          }
        },
        onError: (err) => {
          setConfirm(null);
          fail(err);
        },
      },
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Button onClick={() => setImporting(true)}>{t('actions.import')}</Button>
            <Button onClick={() => exportVCards().catch(fail)}>{t('actions.export')}</Button>
            <Button variant="contained" onClick={() => setForm('new')}>
              {t('actions.add')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, gap: 3, alignItems: 'flex-start' }}>
        <Paper component="nav" aria-label={t('filters.title')} variant="outlined" sx={{ width: { xs: '100%', lg: 240 }, flexShrink: 0, p: 1 }}>
          <List dense disablePadding>
            <FilterButton selected={params.filter === 'all'} icon={<ContactsIcon />} label={t('filters.all')} onClick={() => setFilter({ ...params, filter: 'all', groupId: undefined })} />
            <FilterButton selected={params.filter === 'frequent'} icon={<HistoryIcon />} label={t('filters.frequent')} onClick={() => setFilter({ ...params, filter: 'frequent', groupId: undefined })} />
            <FilterButton selected={params.filter === 'starred'} icon={<StarBorderIcon />} label={t('filters.starred')} onClick={() => setFilter({ ...params, filter: 'starred', groupId: undefined })} />
            {(me.data?.groups ?? []).map((g) => (
              <FilterButton key={g.id} selected={params.groupId === g.id} icon={<GroupIcon />} label={`${g.name} (${g.contactIds.length})`} onClick={() => setFilter({ ...params, filter: 'group', groupId: g.id })} />
            ))}
          </List>
          {params.filter === 'group' && params.groupId && (
            <Button
              size="small"
              color="error"
              sx={{ mt: 1 }}
              onClick={() => {
                const g = me.data?.groups.find((x) => x.id === params.groupId);
                if (g) setGroupToDelete(g);
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
            onChange={(e) => setFilter({ ...params, profession: (e.target.value || undefined) as ContactProfession | undefined })}
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
        <Card variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Box sx={{ p: 2, pb: 1 }}>
            <TextField
              size="small"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('search')}
              fullWidth
              slotProps={{ htmlInput: { 'aria-label': t('search'), maxLength: 100 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
            />
          </Box>
          <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap', bgcolor: checked.length ? 'action.selected' : undefined }}>
            <Checkbox
              checked={allChecked}
              indeterminate={checked.length > 0 && !allChecked}
              onChange={() => setChecked(allChecked ? [] : contacts.map((c) => c.id))}
              slotProps={{ input: { 'aria-label': t('bulk.selectAll') } }}
            />
            {checked.length > 0 ? (
              <>
                <Typography variant="body2" sx={{ mr: 'auto' }}>
                  {t('bulk.selected', { count: checked.length })}
                </Typography>
                <Button size="small" onClick={() => runBulk('star', checked)}>
                  {t('bulk.star')}
                </Button>
                <Button size="small" onClick={() => runBulk('unstar', checked)}>
                  {t('bulk.unstar')}
                </Button>
                <Button size="small" onClick={() => setGrouping(true)}>
                  {t('bulk.group')}
                </Button>
                <Button size="small" onClick={() => exportVCards(checked).catch(fail)}>
                  {t('bulk.export')}
                </Button>
                <Button size="small" color="error" onClick={() => setConfirm(checked)}>
                  {t('bulk.delete')}
                </Button>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('count', { count: contacts.length })}
              </Typography>
            )}
          </Toolbar>
          {list.isPending ? (
            <Box sx={{ p: 2 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : list.isError ? (
            <Alert severity="error">{list.error.message}</Alert>
          ) : contacts.length === 0 ? (
            <EmptyState icon={<ContactsIcon fontSize="large" />} title={q ? t('empty.search') : t('empty.title')} text={q ? undefined : t('empty.text')} />
          ) : (
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
                          <IconButton
                            edge="end"
                            aria-label={t(c.starred ? 'actions.unstar' : 'actions.star', { name: fullName(c) })}
                            aria-pressed={c.starred}
                            onClick={() => star.mutate({ id: c.id, starred: !c.starred }, { onError: fail })}
                          >
                            {c.starred ? <StarIcon sx={{ color: '#b26a00' }} /> : <StarBorderIcon />}
                          </IconButton>
                        }
                      >
                        <Checkbox checked={checked.includes(c.id)} onChange={() => toggleCheck(c.id)} slotProps={{ input: { 'aria-label': t('bulk.select', { name: fullName(c) }) } }} sx={{ ml: 1 }} />
                        <ListItemButton selected={selectedId === c.id} onClick={() => setSelectedId(c.id)}>
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
          )}
          {list.hasNextPage && (
            <Box sx={{ p: 2 }}>
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {t('more')}
              </Button>
            </Box>
          )}
        </Card>
        {selectedId && details.data && (
          <ContactDetails
            contact={details.data}
            onClose={() => setSelectedId(null)}
            onEdit={() => setForm(details.data!)}
            onDelete={() => setConfirm([details.data!.id])}
            onExport={() => exportVCards([details.data!.id]).catch(fail)}
          />
        )}
      </Box>
      {form && <ContactFormDialog contact={form === 'new' ? null : form} onClose={() => setForm(null)} onSaved={(c) => {
        setForm(null);
        setSelectedId(c.id);
      }} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {grouping && (
        <GroupDialog
          count={checked.length}
          busy={group.isPending}
          onCancel={() => setGrouping(false)}
          onSave={(name) =>
            group.mutate(
              { name, contactIds: checked },
              {
                onSuccess: () => {
                  notify(t('toast.group', { name }), 'success');
                  setGrouping(false);
                  setChecked([]);
                },
                onError: fail,
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={!!groupToDelete}
        busy={removeGroup.isPending}
        text={t('groups.confirmDelete', { name: groupToDelete?.name ?? '' })}
        onCancel={() => setGroupToDelete(null)}
        onConfirm={() =>
          groupToDelete &&
          removeGroup.mutate(groupToDelete.id, {
            onSuccess: () => {
              setGroupToDelete(null);
              setFilter({ filter: 'all' });
            },
            onError: (err) => {
              setGroupToDelete(null);
              fail(err);
            },
          })
        }
      />
      <ConfirmDialog open={!!confirm} busy={bulk.isPending} text={t('confirmDelete', { count: confirm?.length ?? 0 })} onCancel={() => setConfirm(null)} onConfirm={() => confirm && runBulk('delete', confirm)} />
    </>
  );
}

/** /contact (SPEC §2, everyone): the practice's address book for its staff; the practice's card for a patient. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { role } = useSession();
  if (!can(role, 'addressBook')) {
    return (
      <>
        <PageHeader title={t('practice.title')} subtitle={t('practice.subtitle')} />
        <PracticeContact />
      </>
    );
  }
  return (
    <Stack>
      <AddressBook />
    </Stack>
  );
}
