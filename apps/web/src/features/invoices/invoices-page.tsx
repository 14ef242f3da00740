import { Alert, Box, Button, Card, CardContent, FormControlLabel, Switch, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { can } from '@wellbe/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PatientPicker, type PickedPatient } from '../../components/patient-picker.tsx';
import { useSession } from '../../lib/session.ts';
import { useInvoices } from './api/invoices.ts';
import { ActsTab } from './components/acts-tab.tsx';
import { InvoiceDialog } from './components/invoice-dialog.tsx';
import { InvoiceTable } from './components/invoice-table.tsx';
import { NewInvoiceDialog, type InvoiceStart } from './components/new-invoice-dialog.tsx';
import { PatientNoShows } from './components/patient-no-shows.tsx';
import { ReceiptsBook } from './components/receipts-book.tsx';

const UUID = /^[0-9a-f-]{36}$/i;
const TABS = ['invoices', 'book', 'acts'] as const;
type PageTab = (typeof TABS)[number];

/**
 * /facturation: the invoices (unpaid first when asked), the receipts book, and 'Facturer'. The agenda's
 * and the consultation's 'Facturer' link here with ?patient=&patientName=&fromAppointment= (or &fromConsultation=; not `appointment` nor `consultation`, which open the consultation panel).
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<PageTab>(TABS.find((x) => x === params.get('tab')) ?? 'invoices');
  const [unpaid, setUnpaid] = useState(false);
  const [ofPatient, setOfPatient] = useState<PickedPatient | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const patient = params.get('patient');
  const linked: InvoiceStart | null =
    patient && UUID.test(patient)
      ? {
          patient: { idPatient: patient, FullName: params.get('patientName') ?? '' },
          appointmentId: UUID.test(params.get('fromAppointment') ?? '') ? params.get('fromAppointment')! : undefined,
          consultationId: UUID.test(params.get('fromConsultation') ?? '') ? params.get('fromConsultation')! : undefined,
        }
      : null;
  const [creating, setCreating] = useState<InvoiceStart | null>(linked);
  const list = useInvoices({ unpaid, patientId: ofPatient?.idPatient });
  const writer = can(role, 'invoicesWrite');
  // 'Actes et tarifs' is for the roles that invoice; a ?tab=acts from another role shows the invoices.
  const shown = tab === 'acts' && !writer ? 'invoices' : tab;
  const closeCreate = () => {
    setCreating(null);
    if (patient) setParams({}, { replace: true });
  };
  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          writer && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating({ patient: null })}>
              {t('new')}
            </Button>
          )
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('sesam')}
      </Alert>
      <Tabs value={shown} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="invoices" label={t('tabs.invoices')} />
        <Tab value="book" label={t('tabs.book')} />
        {writer && <Tab value="acts" label={t('tabs.acts')} />}
      </Tabs>
      <Card>
        <CardContent>
          {shown === 'invoices' ? (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
                <PatientPicker value={ofPatient} onChange={setOfPatient} source="agenda" label={t('filterPatient')} noOptionsText={t('form.noPatient')} />
                <FormControlLabel control={<Switch checked={unpaid} onChange={(e) => setUnpaid(e.target.checked)} />} label={t('unpaidOnly')} />
              </Box>
              {list.data && list.data.data.length === 0 && <Typography color="textSecondary">{t('empty')}</Typography>}
              {list.data && list.data.data.length > 0 && <InvoiceTable rows={list.data.data} onOpen={setOpen} showPatient={!ofPatient} />}
              {ofPatient && (
                <PatientNoShows
                  patientId={ofPatient.idPatient}
                  onOpen={setOpen}
                  onInvoice={writer ? (appointmentId) => setCreating({ patient: ofPatient, appointmentId }) : undefined}
                />
              )}
            </>
          ) : shown === 'acts' ? (
            <ActsTab />
          ) : (
            <ReceiptsBook />
          )}
        </CardContent>
      </Card>
      {creating && (
        <NewInvoiceDialog
          start={creating}
          onClose={closeCreate}
          onIssued={(id) => {
            closeCreate();
            setOpen(id);
          }}
        />
      )}
      {open && <InvoiceDialog id={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
