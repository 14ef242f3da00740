import { DiaryNewPill } from '../../../components/diary-new-pill.tsx';

/**
 * A file tab's label; the 'Journal' tab shows, to a practitioner who follows the patient, the
 * number of entries they have not seen yet (it goes when the tab is opened: diary-tab.tsx).
 */
export function FileTabLabel({ label, idPatient, journal }: { label: string; idPatient: string; journal: boolean }) {
  if (!journal) return label;
  return (
    <span>
      {label}
      <DiaryNewPill idPatient={idPatient} />
    </span>
  );
}
