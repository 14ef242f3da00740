import { Button } from '@mui/material';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { can } from '@wellbe/shared/permissions';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { closePanel } from '../consultation-store.ts';
import { saveStore, useSaveState } from '../save-flow.ts';

/**
 * 'Facturer' once a consultation is saved (issue 34): opens /facturation with the patient and the
 * consultation preselected. Only for the roles that issue invoices; the panel closes so the
 * invoice dialog is not hidden behind it.
 */
export function InvoiceSavedButton() {
  const { t } = useTranslation('consultations');
  const { role } = useSession();
  const { saved } = useSaveState();
  const navigate = useNavigate();
  if (!saved || !role || !can(role, 'invoicesWrite')) return null;
  const open = () => {
    saveStore.set({ saved: null });
    closePanel();
    void navigate(`/facturation?${new URLSearchParams({ patient: saved.idPatient, patientName: saved.patientName, fromConsultation: saved.idConsultation })}`);
  };
  return (
    <Button variant="outlined" size="small" startIcon={<ReceiptLongOutlinedIcon />} onClick={open} sx={{ mb: 1.5 }}>
      {t('panel.invoice')}
    </Button>
  );
}
