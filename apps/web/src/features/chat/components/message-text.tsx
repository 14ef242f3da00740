import { Box, Link } from '@mui/material';

const URL = /(https?:\/\/[^\s<>"']+)/g;

/**
 * A message as text (never HTML), links made clickable. Its direction follows its own text: a
 * French message stays left-to-right in the Arabic interface (its full stop at its end).
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(URL);
  return (
    <Box component="span" dir="auto" sx={{ display: 'block' }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer" sx={{ color: 'inherit', wordBreak: 'break-all' }}>
            {part}
          </Link>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </Box>
  );
}
