import { Grid, MenuItem, TextField } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { grantableRoles } from '@wellbe/shared/grants';
import { isPlatformRole, type Role } from '@wellbe/shared/roles';
import { userCreateSchema, userEditableSchema, type ManagedUser } from '@wellbe/shared/schemas/users';
import { FormDialog, fieldProps } from '../../../components/form-dialog.tsx';
import { SignInLock } from './sign-in-lock.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSpecialists } from '../../../lib/specialists.ts';
import { useOrganisationOptions } from '../../../lib/organisation-options.ts';
import { useCreateUser, useUpdateUser } from '../api/users-api.ts';
import { organisationItems } from '../../../components/organisation-items.tsx';

// The speciality select holds a string ('' = none); the shared schemas check everything else.
const speciality = z.string().transform((v) => (v ? Number(v) : null));
const createForm = userCreateSchema.extend({ idJobSpecialist: speciality, idOrganization: z.string() });
const editForm = userEditableSchema.extend({ idJobSpecialist: speciality });

interface FormValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  job: string;
  idJobSpecialist: string;
  phoneNumber: string;
  professionalNumber: string;
  idOrganization: string;
}

/** Create (names, username, email, role, job, speciality, phones → invitation) or edit a user. */
export function UserDialog({ user, onClose, onSaved }: { user: ManagedUser | null; onClose: () => void; onSaved: (user: ManagedUser, created: boolean) => void }) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const session = useSession();
  const platform = isPlatformRole(session.role);
  const specialists = useSpecialists();
  const organisations = useOrganisationOptions(platform && !user);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = user ? update : create;
  const self = user?.idUser === session.user?.id;
  const patientAccount = user?.role === 'PT';

  const { register, handleSubmit, control, formState } = useForm<FormValues>({
    // The form keeps strings; the resolver hands the schema's parsed values to onSubmit.
    resolver: zodResolver((user ? editForm : createForm) as unknown as z.ZodType<FormValues, FormValues>),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      username: user?.username ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'PR',
      job: user?.job ?? '',
      idJobSpecialist: user?.idJobSpecialist ? String(user.idJobSpecialist) : '',
      phoneNumber: user?.phoneNumber ?? '',
      professionalNumber: user?.professionalNumber ?? '',
      idOrganization: session.user?.idOrganization ?? '',
    },
    mode: 'onTouched',
  });

  // The grant table of packages/shared, as the server enforces it; the Patient role comes from
  // 'Inviter le patient' only.
  const grantable: Role[] = grantableRoles(session.role).filter((r) => r !== 'PT');
  const roleChoices = user && !grantable.includes(user.role) ? [user.role, ...grantable] : grantable;

  const submit = handleSubmit((values) => {
    const parsed = values as unknown as Record<string, unknown>;
    if (user) {
      const { firstName, lastName, job, idJobSpecialist, phoneNumber, professionalNumber, role } = parsed;
      update.mutate(
        { id: user.idUser, body: { firstName, lastName, job, idJobSpecialist, phoneNumber, professionalNumber, ...(role !== user.role ? { role } : {}) } as never },
        { onSuccess: (answer) => onSaved(answer.data, false) },
      );
    } else {
      create.mutate({ ...parsed, idOrganization: parsed.idOrganization || null } as never, { onSuccess: (answer) => onSaved(answer.data, true) });
    }
  });

  const field = fieldProps(register, formState.errors);

  return (
    <FormDialog
      title={user ? t('form.titleEdit') : t('form.titleCreate')}
      busy={mutation.isPending}
      error={mutation.error?.message}
      cancelLabel={t('form.cancel')}
      submitLabel={user ? t('form.save') : t('form.create')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {user && <SignInLock userId={user.idUser} />}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.firstName')} required autoFocus {...field('firstName')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.lastName')} required {...field('lastName')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.username')} required disabled={!!user} {...field('username')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.email')} required type="email" disabled={!!user} {...field('email')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="role"
          control={control}
          render={({ field: f }) => (
            <TextField
              select
              label={t('form.role')}
              required
              fullWidth
              {...f}
              disabled={self || patientAccount}
              helperText={self ? t('form.ownRole') : patientAccount ? t('form.patientRole') : undefined}
            >
              {roleChoices.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.job')} {...field('job')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="idJobSpecialist"
          control={control}
          render={({ field: f }) => (
            <TextField select label={t('form.speciality')} fullWidth {...f}>
              <MenuItem value="">{t('form.noSpeciality')}</MenuItem>
              {(specialists.data ?? []).map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.labels[i18n.language as keyof typeof s.labels] ?? s.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      {platform && !user && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="idOrganization"
            control={control}
            render={({ field: f }) => (
              <TextField select label={t('form.organisation')} required fullWidth {...f}>
                {organisationItems(organisations.data?.filter((o) => o.active))}
              </TextField>
            )}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.phone')} type="tel" {...field('phoneNumber')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label={t('form.professionalNumber')} type="tel" {...field('professionalNumber')} />
      </Grid>
    </FormDialog>
  );
}
