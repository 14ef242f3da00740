import { Box, Button, IconButton, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@wellbe/shared/constants';
import { isAcceptedExtension, isTooLarge, sizeInKb, UPLOAD_ACCEPT } from '@wellbe/shared/schemas/documents';

export interface UploadFieldProps {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** The organisation's upload limit (never above SPEC §9's 50,000,000 bytes). */
  limitBytes?: number;
}

/**
 * SPEC §5 upload: drag and drop or a button, several files, the accept list and the size limit
 * (50,000,000 bytes, or the organisation's lower one) checked before anything is sent; each file listed with its size in kb (size/1000 rounded).
 */
export function UploadField({ label, files, onChange, disabled = false, limitBytes = MAX_UPLOAD_BYTES }: UploadFieldProps) {
  const { t } = useTranslation('consultations');
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);

  const add = (list: FileList | null) => {
    if (!list) return;
    const accepted: File[] = [];
    const problems: string[] = [];
    for (const file of Array.from(list)) {
      if (!isAcceptedExtension(file.name)) problems.push(t('upload.badType', { name: file.name }));
      else if (isTooLarge(file.size, limitBytes)) problems.push(t('upload.tooLarge', { name: file.name, max: Math.min(limitBytes, MAX_UPLOAD_BYTES).toLocaleString('fr-FR') }));
      else if (!files.some((f) => f.name === file.name && f.size === file.size)) accepted.push(file);
    }
    setRefused(problems);
    if (accepted.length) onChange([...files, ...accepted]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add(e.dataTransfer.files);
  };

  return (
    <Box>
      {/* The drop zone's name, not a heading (subtitle2 draws an <h6>: a heading level skipped in the consultation panel, axe heading-order). */}
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        role="group"
        aria-labelledby={labelId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
        sx={{
          border: '2px dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Button variant="outlined" startIcon={<CloudUploadIcon />} onClick={() => input.current?.click()} disabled={disabled}>
          {t('upload.choose')}
        </Button>
        <Typography variant="body2" color="textSecondary">
          {t('upload.hint', { accept: UPLOAD_ACCEPT.replace(/,/g, ' ') })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={UPLOAD_ACCEPT}
          aria-label={t('upload.input')}
          data-testid="upload-input"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </Box>
      {refused.map((message) => (
        <Typography key={message} role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {message}
        </Typography>
      ))}
      {files.length > 0 && (
        <List dense aria-label={t('upload.list')}>
          {files.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${index}`}
              secondaryAction={
                <IconButton edge="end" aria-label={t('upload.remove', { name: file.name })} onClick={() => onChange(files.filter((_, i) => i !== index))} disabled={disabled}>
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFileOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary={file.name} secondary={t('upload.size', { kb: sizeInKb(file.size) })} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
