import { Box } from '@mui/material';
import DOMPurify from 'dompurify';

/**
 * Policy text: sanitised by the server on save and on display, and again here. Its direction is its
 * own (`dir="auto"`): a French text read in the Arabic interface kept its question marks on the left.
 */
export function PolicyBody({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'iframe', 'form'] });
  return <Box className="wellbe-rich" dir="auto" sx={{ '& h2': { fontSize: '1.15rem', mt: 2 }, '& h3': { fontSize: '1.05rem' }, '& img': { maxWidth: '100%' }, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
