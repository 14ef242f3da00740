import { Alert, Box, Button, Card, CircularProgress, Stack } from '@mui/material';
import ContactsIcon from '@mui/icons-material/ContactsOutlined';
import { can } from '@wellbe/shared/permissions';
import type { Contact } from '@wellbe/shared/schemas/contacts';
import { useMemo, useState } from 'react';
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
import { ContactDetails } from './components/contact-details.tsx';
import { ContactFilters, GroupDialog } from './components/contact-filters.tsx';
import { ContactFormDialog } from './components/contact-form-dialog.tsx';
import { ContactSearch, ContactSections, ContactToolbar, useLetterSections, type BulkOperation } from './components/contact-list.tsx';
import { ImportDialog } from './components/import-dialog.tsx';
import { PracticeContact } from './components/practice-card.tsx';

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
  const sections = useLetterSections(contacts, params.filter === 'frequent');

  const fail = (err: unknown) => notify(isApiError(err) ? err.message : t('errors.failed'), 'error');
  const toggleCheck = (id: string) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
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
  const onBulk = (operation: BulkOperation) => {
    if (operation === 'group') setGrouping(true);
    else if (operation === 'export') exportVCards(checked).catch(fail);
    else if (operation === 'delete') setConfirm(checked);
    else runBulk(operation, checked);
  };
  const saveGroup = (name: string) =>
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
    );
  const deleteGroup = (target: { id: string }) =>
    removeGroup.mutate(target.id, {
      onSuccess: () => {
        setGroupToDelete(null);
        setFilter({ filter: 'all' });
      },
      onError: (err) => {
        setGroupToDelete(null);
        fail(err);
      },
    });

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
        <ContactFilters params={params} groups={me.data?.groups ?? []} onFilter={setFilter} onDeleteGroup={setGroupToDelete} />
        <Card variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <ContactSearch value={search} onChange={setSearch} />
          <ContactToolbar contacts={contacts} checked={checked} onCheck={setChecked} onBulk={onBulk} />
          {list.isPending ? (
            <Box sx={{ p: 2 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : list.isError ? (
            <Alert severity="error">{list.error.message}</Alert>
          ) : contacts.length === 0 ? (
            <EmptyState icon={<ContactsIcon fontSize="large" />} title={q ? t('empty.search') : t('empty.title')} text={q ? undefined : t('empty.text')} />
          ) : (
            <ContactSections sections={sections} checked={checked} selectedId={selectedId} onToggle={toggleCheck} onSelect={setSelectedId} onStar={(c) => star.mutate({ id: c.id, starred: !c.starred }, { onError: fail })} />
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
      {grouping && <GroupDialog count={checked.length} busy={group.isPending} onCancel={() => setGrouping(false)} onSave={saveGroup} />}
      <ConfirmDialog
        open={!!groupToDelete}
        busy={removeGroup.isPending}
        text={t('groups.confirmDelete', { name: groupToDelete?.name ?? '' })}
        onCancel={() => setGroupToDelete(null)}
        onConfirm={() => groupToDelete && deleteGroup(groupToDelete)}
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
