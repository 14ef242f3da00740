import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ImageIcon from '@mui/icons-material/Image';
import TitleIcon from '@mui/icons-material/Title';
import { mergeAttributes, Node } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';

// The article and policy editor (issue 20): headings, lists, quotes, links (a dialog, not a
// browser prompt) and images uploaded through the server (typed by bytes, resized there).

const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

export function cleanArticleHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'iframe', 'form'] });
}

export interface ArticleEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Uploads a picture and answers its URL; without it the image button is hidden. */
  onUploadImage?: (file: File) => Promise<string>;
  minHeight?: number;
}

export function ArticleEditor({ label, value, onChange, onUploadImage, minHeight = 280 }: ArticleEditorProps) {
  const { t } = useTranslation('editorial');
  const labelId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto'] } }), ImageNode],
    content: cleanArticleHtml(value),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'wellbe-rte' } },
    onUpdate: ({ editor: e }) => {
      if (!e.isDestroyed) onChange(e.isEmpty ? '' : e.getHTML());
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? { bold: false, italic: false, bullet: false, ordered: false, h2: false, quote: false, link: false }
        : { bold: e.isActive('bold'), italic: e.isActive('italic'), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), h2: e.isActive('heading', { level: 2 }), quote: e.isActive('blockquote'), link: e.isActive('link') },
  });
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.chain().setMeta('addToHistory', false).setContent(cleanArticleHtml(value), { emitUpdate: false }).run();
  }, [editor, value]);

  const button = (title: string, active: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={title} aria-pressed={active} color={active ? 'primary' : 'default'} onClick={run}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  const insertLink = () => {
    const url = linkUrl.trim();
    if (/^(https:\/\/|mailto:)/.test(url)) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  return (
    <Box>
      <Typography id={labelId} component="div" variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
        <Box role="toolbar" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: '1px solid', borderColor: 'divider' }}>
          {button(t('articles.bold'), state.bold, <FormatBoldIcon fontSize="small" />, () => editor.chain().focus().toggleBold().run())}
          {button(t('articles.italic'), state.italic, <FormatItalicIcon fontSize="small" />, () => editor.chain().focus().toggleItalic().run())}
          {button(t('articles.heading'), state.h2, <TitleIcon fontSize="small" />, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
          <Divider orientation="vertical" flexItem />
          {button(t('articles.bullet'), state.bullet, <FormatListBulletedIcon fontSize="small" />, () => editor.chain().focus().toggleBulletList().run())}
          {button(t('articles.ordered'), state.ordered, <FormatListNumberedIcon fontSize="small" />, () => editor.chain().focus().toggleOrderedList().run())}
          {button(t('articles.quote'), state.quote, <FormatQuoteIcon fontSize="small" />, () => editor.chain().focus().toggleBlockquote().run())}
          <Divider orientation="vertical" flexItem />
          {button(t('articles.link'), state.link, <LinkIcon fontSize="small" />, () => {
            setLinkUrl((editor.getAttributes('link').href as string | undefined) ?? 'https://');
            setLinkOpen(true);
          })}
          {state.link && button(t('articles.removeLink'), false, <LinkOffIcon fontSize="small" />, () => editor.chain().focus().unsetLink().run())}
          {onUploadImage && (
            <>
              {button(t('articles.image'), false, <ImageIcon fontSize="small" />, () => fileRef.current?.click())}
              <input
                ref={fileRef}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                hidden
                aria-label={t('articles.image')}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void onUploadImage(file).then((src) => editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: '' } }).run());
                }}
              />
            </>
          )}
        </Box>
        <Box sx={{ p: 1.5, '& .wellbe-rte': { minHeight, outline: 'none' }, '& img': { maxWidth: '100%' } }}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} aria-labelledby={`${labelId}-link`}>
        <DialogTitle id={`${labelId}-link`}>{t('articles.link')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth sx={{ mt: 1 }} label={t('articles.linkUrl')} value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && insertLink()} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{t('policy.cancel')}</Button>
          <Button variant="contained" onClick={insertLink}>
            {t('articles.insert')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
