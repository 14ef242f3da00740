import { useTranslation } from 'react-i18next';

// The consultation form's lists are stored as their French values ('Trapèzes', 'Non Renseigné',
// 'Oui'): every screen that shows one (the file, the diary, statistics) names it through these texts.
// The page's route loads the 'consultations' namespace (app/pages.ts).

/** A value of the consultation form's lists in the reader's language; unknown values as they are. */
export function useConsultationOption() {
  const { t } = useTranslation('consultations');
  return (value: string) => t(`options.${value}`, { defaultValue: value });
}
