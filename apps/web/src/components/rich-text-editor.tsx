import { Box, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
  /** Characters allowed (of the stored HTML, as the server counts): a counter shows the count. */
  maxLength?: number;
  /** Focus target for "go to the first invalid field". */
  id?: string;
}

/** Rich text as the server stores it: sanitised again before it enters the editor (DESIGN §1). */
export function cleanHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['img', 'style', 'iframe', 'form'] });
}

/** A TipTap editor with its toolbar (bold, italic, lists, headings, undo/redo) and an accessible label. */
export function RichTextEditor({ label, value, onChange, minHeight = 120, maxLength, id }: RichTextEditorProps) {
  const { t, i18n } = useTranslation('consultations');
  const labelId = useId();
  const counterId = useId();
  const over = maxLength !== undefined && value.length > maxLength;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false, underline: false, code: false, codeBlock: false })],
    content: cleanHtml(value),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'wellbe-rte',
        ...(maxLength !== undefined ? { 'aria-describedby': counterId } : {}),
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      if (!e.isDestroyed) onChange(e.isEmpty ? '' : e.getHTML());
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? { bold: false, italic: false, bullet: false, ordered: false, h2: false, h3: false, canUndo: false, canRedo: false }
        : {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          },
  });

  // A value set from outside replaces the content, outside the undo history (undo never brings back
  // text the user did not type here). Starting over (save, clear, other patient) rebuilds the editor.
  // useEditor may still hand over an editor it has just destroyed (rebuilt on starting over, or on
  // unmount): since TipTap 3.23 its schema is released then, and getHTML() would throw and take the
  // whole panel down. The rebuilt editor runs this effect again with its own instance.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.chain().setMeta('addToHistory', false).setContent(cleanHtml(value), { emitUpdate: false }).run();
  }, [editor, value]);

  const button = (key: string, active: boolean, run: () => void, icon: ReactNode, disabled = false) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <span>
        <IconButton size="small" aria-label={t(`editor.${key}`)} aria-pressed={active} color={active ? 'primary' : 'default'} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  return (
    <Box>
      <Typography id={labelId} component="label" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }} onClick={() => editor.commands.focus()}>
        {label}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, '&:focus-within': { borderColor: 'primary.main' } }}>
        <Box role="toolbar" aria-label={t('editor.toolbar', { label })} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}>
          {button('bold', state.bold, () => chain().toggleBold().run(), <FormatBoldIcon fontSize="small" />)}
          {button('italic', state.italic, () => chain().toggleItalic().run(), <FormatItalicIcon fontSize="small" />)}
          <Divider orientation="vertical" flexItem />
          {button('heading2', state.h2, () => chain().toggleHeading({ level: 2 }).run(), <Typography component="span" sx={{ fontWeight: 700, fontSize: 13, width: 20 }}>H2</Typography>)}
          {button('heading3', state.h3, () => chain().toggleHeading({ level: 3 }).run(), <Typography component="span" sx={{ fontWeight: 700, fontSize: 13, width: 20 }}>H3</Typography>)}
          <Divider orientation="vertical" flexItem />
          {button('bulletList', state.bullet, () => chain().toggleBulletList().run(), <FormatListBulletedIcon fontSize="small" />)}
          {button('orderedList', state.ordered, () => chain().toggleOrderedList().run(), <FormatListNumberedIcon fontSize="small" />)}
          <Divider orientation="vertical" flexItem />
          {button('undo', false, () => chain().undo().run(), <UndoIcon fontSize="small" />, !state.canUndo)}
          {button('redo', false, () => chain().redo().run(), <RedoIcon fontSize="small" />, !state.canRedo)}
        </Box>
        <Box
          sx={{
            px: 1.5,
            '& .wellbe-rte': { minHeight, outline: 'none', py: 1 },
            '& .wellbe-rte p': { my: 0.5 },
            '& .wellbe-rte h2': { fontSize: '1.2rem', my: 1 },
            '& .wellbe-rte h3': { fontSize: '1.05rem', my: 1 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {maxLength !== undefined && (
        <Typography id={counterId} variant="caption" color={over ? 'error' : 'textSecondary'} sx={{ display: 'block', textAlign: 'end', mt: 0.5 }} data-testid="rte-counter">
          {over ? t('editor.overLimit', { max: formatNumber(maxLength, i18n.language) }) + ' ' : ''}
          <bdi>{t('editor.counter', { n: formatNumber(value.length, i18n.language), max: formatNumber(maxLength, i18n.language) })}</bdi>
        </Typography>
      )}
    </Box>
  );
}
