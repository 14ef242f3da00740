import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Grid,
  IconButton,
  LinearProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  InputAdornment,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fold } from '@wellbe/shared/domain/text';
import { REFERENCE_LANGUAGES, REFERENCE_MESSAGES, referenceLabelsSchema, type ReferenceItem, type ReferenceLabels } from '@wellbe/shared/schemas/reference';
import { notify } from '../lib/notify.ts';
import { moveId, useCreateReference, useReferenceList, useReorderReference, useUpdateReference } from '../lib/reference-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FormDialog } from './form-dialog.tsx';

// The reference-table screen (react-admin's resource idea): one list/edit screen for every small
// list an administrator keeps (job specialities now, sport catalogs and food groups next), driven by
// the REST contract of packages/shared/src/schemas/reference.ts. A resource passes its name, its
// texts and its own fields; labels in the four languages, order, active flag and creation come with
// the kit.

/** A yes/no field a resource adds to the common ones (e.g. `dietetic` of the job specialities). */
export interface ReferenceFlagField<T extends ReferenceItem> {
  name: Extract<keyof T, string>;
  /** Column header. */
  column: string;
  /** Switch label in the dialog. */
  label: string;
  defaultValue: boolean;
  /** The row being edited (null when creating): when true the switch cannot change. */
  locked?: (row: T | null) => boolean;
  /** Replaces `label` when the switch is locked (why it cannot change). */
  lockedLabel?: string;
}

export interface ReferenceTableProps<T extends ReferenceItem> {
  /** The resource of `/api/<name>`. */
  resource: string;
  /** Accessible name of the table. */
  title: string;
  intro?: string;
  createLabel: string;
  titleCreate: string;
  titleEdit: string;
  flags?: ReferenceFlagField<T>[];
  /** Rows that must stay active (e.g. the general speciality). */
  mayDeactivate?: (row: T) => boolean;
  /**
   * Rows the user may change (sport catalogs: the shared WellBe entries are SA's and DE's). The
   * others are shown read-only in their place, and the order the user sets is that of theirs.
   */
  mayEdit?: (row: T) => boolean;
}

const MESSAGE_KEYS: Record<string, string> = {
  [REFERENCE_MESSAGES.labelRequired]: 'errors.labelRequired',
  [REFERENCE_MESSAGES.labelTooLong]: 'errors.labelTooLong',
};

export function ReferenceTable<T extends ReferenceItem>({ resource, title, intro, createLabel, titleCreate, titleEdit, flags = [], mayDeactivate = () => true, mayEdit = () => true }: ReferenceTableProps<T>) {
  const { t } = useTranslation(['reference', 'common']);
  const list = useReferenceList<T>(resource);
  const update = useUpdateReference<T>(resource);
  const reorder = useReorderReference<T>(resource);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<T | null>(null);
  const [query, setQuery] = useState('');
  const all = list.data ?? [];
  const ids = all.filter(mayEdit).map((row) => row.id);
  // The search matches any of the four labels, accents and case aside; the order is the full list's.
  const needle = fold(query.trim());
  const rows = needle ? all.filter((row) => REFERENCE_LANGUAGES.some((lang) => fold(row.labels[lang] ?? '').includes(needle))) : all;
  const busy = reorder.isPending || update.isPending;

  const move = (row: T, step: -1 | 1) => reorder.mutate(moveId(ids, row.id, step), { onSuccess: () => notify(t('toast.reordered'), 'success') });
  const setActive = (row: T, active: boolean) =>
    update.mutate({ id: row.id, body: { active } }, { onSuccess: () => notify(t(active ? 'toast.activated' : 'toast.deactivated', { name: row.label }), 'success') });

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2, gap: 2, flexWrap: 'wrap' }}>
        {intro && <Typography color="textSecondary">{intro}</Typography>}
        <TextField
          size="small"
          type="search"
          label={t('search.label')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ marginInlineStart: 'auto' }}>
          {createLabel}
        </Button>
      </Box>
      {list.isFetching && <LinearProgress aria-label={t('loading')} />}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.order')}</TableCell>
              {REFERENCE_LANGUAGES.map((lang) => (
                <TableCell key={lang}>{t(`common:language.names.${lang}`)}</TableCell>
              ))}
              {flags.map((flag) => (
                <TableCell key={flag.name}>{flag.column}</TableCell>
              ))}
              <TableCell>{t('columns.languages')}</TableCell>
              <TableCell>{t('columns.status')}</TableCell>
              <TableCell align="right">{t('columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={REFERENCE_LANGUAGES.length + flags.length + 4}>{needle ? t('search.none', { query: query.trim() }) : t('empty')}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const index = ids.indexOf(row.id);
              return (
              <TableRow key={row.id} hover>
                <TableCell>{all.indexOf(row) + 1}</TableCell>
                {REFERENCE_LANGUAGES.map((lang) => (
                  <TableCell key={lang} lang={lang} dir={lang === 'ar' ? 'rtl' : undefined}>
                    {row.labels[lang]}
                  </TableCell>
                ))}
                {flags.map((flag) => (
                  <TableCell key={flag.name}>{row[flag.name] ? t('yes') : t('no')}</TableCell>
                ))}
                <TableCell>
                  <Completeness labels={row.labels} />
                </TableCell>
                <TableCell>
                  <Chip size="small" color={row.active ? 'success' : 'default'} variant={row.active ? 'filled' : 'outlined'} label={row.active ? t('status.active') : t('status.inactive')} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!mayEdit(row) ? (
                    <Tooltip title={t('readOnly.hint')}>
                      <Chip size="small" variant="outlined" label={t('readOnly.label')} />
                    </Tooltip>
                  ) : (
                  <>
                  <IconButton aria-label={t('actions.moveUp', { name: row.label })} disabled={busy || !!needle || index === 0} onClick={() => move(row, -1)}>
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton aria-label={t('actions.moveDown', { name: row.label })} disabled={busy || !!needle || index === ids.length - 1} onClick={() => move(row, 1)}>
                    <ArrowDownwardIcon />
                  </IconButton>
                  <Tooltip title={t('actions.edit', { name: row.label })}>
                    <IconButton aria-label={t('actions.edit', { name: row.label })} onClick={() => setEditing(row)}>
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  {mayDeactivate(row) && (
                    <IconButton aria-label={t(row.active ? 'actions.deactivate' : 'actions.activate', { name: row.label })} disabled={busy} onClick={() => (row.active ? setDeactivating(row) : setActive(row, true))}>
                      {row.active ? <BlockIcon /> : <CheckCircleIcon />}
                    </IconButton>
                  )}
                  </>
                  )}
                </TableCell>
              </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Taking an entry out of service asks first (the shared 'Confirmation' dialog); it is never deleted. */}
      <ConfirmDialog
        open={!!deactivating}
        text={deactivating ? t('confirm.deactivate', { name: deactivating.label }) : ''}
        confirmLabel={t('confirm.deactivateButton')}
        cancelLabel={t('form.cancel')}
        busy={update.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating) setActive(deactivating, false);
          setDeactivating(null);
        }}
      />
      {editing && (
        <ReferenceDialog
          resource={resource}
          row={editing === 'new' ? null : editing}
          title={editing === 'new' ? titleCreate : titleEdit}
          flags={flags}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            notify(t(created ? 'toast.created' : 'toast.saved', { name: saved.label }), 'success');
          }}
        />
      )}
    </>
  );
}

/** How many of the four languages have a label: the completeness indicator. */
function Completeness({ labels }: { labels: ReferenceLabels }) {
  const { t } = useTranslation('reference');
  const filled = REFERENCE_LANGUAGES.filter((lang) => labels[lang]?.trim()).length;
  const complete = filled === REFERENCE_LANGUAGES.length;
  // Outlined coloured chips fail the contrast check (axe): a plain one when complete, a filled warning when not.
  return <Chip size="small" variant={complete ? 'outlined' : 'filled'} color={complete ? 'default' : 'warning'} label={t('languages', { filled, total: REFERENCE_LANGUAGES.length })} />;
}

type DialogValues = { labels: ReferenceLabels } & Record<string, unknown>;

function ReferenceDialog<T extends ReferenceItem>({
  resource,
  row,
  title,
  flags,
  onClose,
  onSaved,
}: {
  resource: string;
  row: T | null;
  title: string;
  flags: ReferenceFlagField<T>[];
  onClose: () => void;
  onSaved: (row: T, created: boolean) => void;
}) {
  const { t } = useTranslation(['reference', 'common']);
  const create = useCreateReference<T>(resource);
  const update = useUpdateReference<T>(resource);
  const mutation = row ? update : create;
  const schema = useMemo(() => z.object({ labels: referenceLabelsSchema, ...Object.fromEntries(flags.map((flag) => [flag.name, z.boolean()])) }), [flags]);
  const { register, handleSubmit, control, formState } = useForm<DialogValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      labels: row?.labels ?? { fr: '', en: '', tr: '', ar: '' },
      ...Object.fromEntries(flags.map((flag) => [flag.name, row ? Boolean(row[flag.name]) : flag.defaultValue])),
    },
    mode: 'onTouched',
  });
  const submit = handleSubmit((values) => {
    const { labels, ...rest } = values;
    const extra = rest as Record<string, boolean>;
    if (row) update.mutate({ id: row.id, body: { labels, ...extra } }, { onSuccess: (saved) => onSaved(saved, false) });
    else create.mutate({ labels, ...extra }, { onSuccess: (saved) => onSaved(saved, true) });
  });

  return (
    <FormDialog
      title={title}
      busy={mutation.isPending}
      error={mutation.error?.message}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {REFERENCE_LANGUAGES.map((lang, i) => {
        const error = formState.errors.labels?.[lang]?.message;
        return (
          <Grid key={lang} size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('form.label', { language: t(`common:language.names.${lang}`) })}
              required
              fullWidth
              autoFocus={i === 0}
              slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang } }}
              {...register(`labels.${lang}`)}
              error={!!error}
              helperText={error && t(MESSAGE_KEYS[error] ?? 'errors.labelRequired')}
            />
          </Grid>
        );
      })}
      {flags.map((flag) => (
        <Grid key={flag.name} size={12}>
          <FlagSwitch control={control} name={flag.name} label={flag.locked?.(row) ? (flag.lockedLabel ?? flag.label) : flag.label} disabled={!!flag.locked?.(row)} />
        </Grid>
      ))}
    </FormDialog>
  );
}

function FlagSwitch<V extends FieldValues>({ control, name, label, disabled }: { control: Control<V>; name: string; label: string; disabled: boolean }) {
  return (
    <Controller
      name={name as Path<V>}
      control={control}
      render={({ field }) => <FormControlLabel control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />} label={label} />}
    />
  );
}
