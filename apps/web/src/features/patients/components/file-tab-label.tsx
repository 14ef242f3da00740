import { DiaryNewPill } from '../../../components/diary-new-pill.tsx';
import { useDiaryNewCounts } from '../../../lib/diary-badge.ts';

/**
 * A file tab's label; the 'Journal' tab shows, to a practitioner who follows the patient, the
 * number of entries they have not seen yet (it goes when the tab is opened: diary-tab.tsx).
 */
export function FileTabLabel({ label, idPatient, journal }: { label: string; idPatient: string; journal: boolean }) {
  return journal ? <JournalLabel label={label} idPatient={idPatient} /> : label;
}

function JournalLabel({ label, idPatient }: { label: string; idPatient: string }) {
  const count = useDiaryNewCounts().get(idPatient) ?? 0;
  return (
    <span>
      {label}
      <DiaryNewPill count={count} />
    </span>
  );
}
