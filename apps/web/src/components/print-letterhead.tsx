import { Box, Button, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { usePracticeLetterhead } from '../lib/letterhead.ts';

/** The head of a printed page (dietetics week, sport program): the practice's letterhead and a 'print' button hidden on paper. */
export function PrintLetterhead({ printLabel }: { printLabel: string }) {
  const letterhead = usePracticeLetterhead();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', borderBottom: '2px solid #0f766e', pb: 1, mb: 2 }}>
      <Box>
        <Typography sx={{ fontWeight: 700, fontSize: 20 }}>{letterhead.data?.name ?? ''}</Typography>
        <Typography variant="body2">{letterhead.data?.address ?? ''}</Typography>
        <Typography variant="body2">
          <bdi>{[letterhead.data?.phone, letterhead.data?.email].filter(Boolean).join(' · ')}</bdi>
        </Typography>
      </Box>
      <Button data-print-hide startIcon={<PrintIcon />} variant="contained" onClick={() => window.print()}>
        {printLabel}
      </Button>
    </Box>
  );
}
