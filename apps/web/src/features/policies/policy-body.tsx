import { Box } from '@mui/material';
import DOMPurify from 'dompurify';

/** Policy and article text: sanitised by the server on save and on display, and again here. */
export function PolicyBody({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'iframe', 'form'] });
  return <Box className="wellbe-rich" sx={{ '& h2': { fontSize: '1.15rem', mt: 2 }, '& h3': { fontSize: '1.05rem' }, '& img': { maxWidth: '100%' }, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
