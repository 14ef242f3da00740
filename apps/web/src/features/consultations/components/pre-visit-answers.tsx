import { Accordion, AccordionDetails, AccordionSummary, Chip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { QuestionnaireAnswerList } from '../../../components/questionnaire-answer-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePreVisitAnswers } from '../api/pre-visit.ts';

/** Above a new consultation: what the patient answered to the pre-visit form (nothing when none). */
export default function PreVisitAnswers({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('questionnaires');
  const answers = usePreVisitAnswers(idPatient);
  const a = answers.data;
  if (!a) return null;
  return (
    <Accordion defaultExpanded disableGutters sx={{ mb: 2 }} data-testid="pre-visit-answers">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="pre-visit-answers-content" id="pre-visit-answers-header">
        <Typography component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('common:labelled', { label: t('panel.title') })} {a.questionnaire.title}
        </Typography>
        <Chip size="small" label={a.submittedAt ? t('mine.sentOn', { date: formatDate(a.submittedAt) }) : t(`status.${a.status}`)} color={a.status === 'submitted' ? 'success' : 'warning'} sx={{ mx: 1 }} />
      </AccordionSummary>
      <AccordionDetails id="pre-visit-answers-content">
        <QuestionnaireAnswerList questions={a.questionnaire.questions} answers={a.answers} words={{ yes: t('form.yes'), no: t('form.no') }} />
      </AccordionDetails>
    </Accordion>
  );
}
