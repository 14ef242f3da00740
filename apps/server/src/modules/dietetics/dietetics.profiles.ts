import { ageOn } from '@wellbe/shared/domain/age';
import { activityFactorOf, DEFAULT_SPLIT, macroTargets, mifflinStJeor, ZERO } from '@wellbe/shared/domain/dietetics';
import {
  CONSULTATION_DIETETIC_KEYS,
  type DieteticProfile,
  type DieteticProfileWrite,
  type PractitionerPreferences,
  type Targets,
} from '@wellbe/shared/schemas/dietetics';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type DieteticConsultation, latestDieteticConsultation, latestMeasures, updateDieteticFields } from '../consultations/consultations.measures.service.ts';
import { patientForCaller, patientOrgScope } from '../patients/patients.service.ts';
import { today } from './dietetics.service.ts';
import * as repo from './dietetics.repository.ts';

// A patient's dietetic profile (diet, allergens, dislikes, an adjusted target, the dietetic fields
// of their latest dietetic consultation), the daily targets computed from it, and a practitioner's
// own defaults (macro split, meal times, units).

async function practitionerSplit(ctx: AppContext, caller: Caller) {
  const prefs = await repo.findPractitionerPreferences(ctx.db, caller.id);
  return prefs ? { proteinsPct: prefs.proteinsPct, carbohydratesPct: prefs.carbohydratesPct, fatPct: prefs.fatPct } : DEFAULT_SPLIT;
}

/** Reads a caller has already started (a menu reads both for its flags): targetsOf awaits them instead of reading again. */
export interface TargetsKnown {
  profile: ReturnType<typeof repo.findProfile>;
  consultation: Promise<DieteticConsultation | null>;
  /** The organisation's today, when the caller has it (else read here, for the age). */
  day?: string;
}

/** The patient's daily targets: adjusted on the profile, else computed (Mifflin-St Jeor × activity), else missing. */
export async function targetsOf(ctx: AppContext, caller: Caller, patient: { id: string; organizationId: string; sex: string | null; birthDate: string | null }, known?: TargetsKnown): Promise<Targets> {
  // Today (for the age) is read beside the rest, not after it. The practitioner's split is read
  // only when the profile has none: reading it always cost a query for nothing (the menu's time is
  // PostgreSQL's work on its reads, not their round trips).
  const [measures, consultation, profile, day] = await Promise.all([
    latestMeasures(ctx, caller, patient.id),
    known ? known.consultation : latestDieteticConsultation(ctx, caller, patient.id),
    known ? known.profile : repo.findProfile(ctx.db, patientOrgScope(caller, patient), patient.id),
    patient.birthDate ? (known?.day ?? today(ctx, patient.organizationId)) : null,
  ]);
  const split = profile?.proteinsPct != null ? { proteinsPct: profile.proteinsPct, carbohydratesPct: profile.carbohydratesPct!, fatPct: profile.fatPct! } : await practitionerSplit(ctx, caller);
  const physicalCapacity = consultation?.physicalCapacity ?? null;
  const activityFactor = profile?.activityFactor != null ? Number(profile.activityFactor) : activityFactorOf(physicalCapacity);
  const age = patient.birthDate && day ? ageOn(patient.birthDate, day) : null;
  const weightKg = measures.weight != null ? Number(measures.weight) : null;
  const heightCm = measures.size != null ? Number(measures.size) : null;
  const sex = patient.sex === 'F' || patient.sex === 'M' ? patient.sex : null;
  const bmr = sex && age != null && weightKg && heightCm ? mifflinStJeor({ sex, weightKg, heightCm, age }) : null;
  const inputs = { sex, age, weightKg, heightCm, physicalCapacity };
  if (profile?.energyKcal) return { ...macroTargets(profile.energyKcal, split), basis: 'adjusted', bmr: bmr && Math.round(bmr), activityFactor, split, inputs };
  if (bmr == null) return { ...ZERO, basis: 'missing', bmr: null, activityFactor, split, inputs };
  return { ...macroTargets(Math.round((bmr * activityFactor) / 10) * 10, split), basis: 'computed', bmr: Math.round(bmr), activityFactor, split, inputs };
}

export async function readProfile(ctx: AppContext, caller: Caller, idPatient: string): Promise<DieteticProfile> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.profile.read', 'read');
  const [profile, consultation, targets] = await Promise.all([repo.findProfile(ctx.db, patientOrgScope(caller, patient), patient.id), latestDieteticConsultation(ctx, caller, patient.id), targetsOf(ctx, caller, patient)]);
  await recordAudit(ctx, caller, { action: 'dietetics.profile.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return {
    patient: { idPatient: patient.id, FullName: patient.fullName, sex: patient.sex, birthDate: patient.birthDate },
    diet: profile?.diet ?? 'omnivore',
    allergens: profile?.allergens ?? [],
    dislikes: profile?.dislikes ?? [],
    energyKcal: profile?.energyKcal ?? null,
    activityFactor: profile?.activityFactor != null ? Number(profile.activityFactor) : null,
    split: profile?.proteinsPct != null ? { proteinsPct: profile.proteinsPct, carbohydratesPct: profile.carbohydratesPct!, fatPct: profile.fatPct! } : null,
    consultation: consultation
      ? {
          idConsultation: consultation.id,
          ConsultationDate: consultation.consultationDate.toISOString(),
          ...Object.fromEntries(CONSULTATION_DIETETIC_KEYS.map((k) => [k, consultation[k]])),
        } as NonNullable<DieteticProfile['consultation']>
      : null,
    targets,
  };
}

export async function writeProfile(ctx: AppContext, caller: Caller, idPatient: string, input: DieteticProfileWrite): Promise<DieteticProfile> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.profile.write', 'write');
  await repo.upsertProfile(ctx.db, {
    patientId: patient.id,
    organizationId: patientOrgScope(caller, patient).organizationId,
    diet: input.diet,
    allergens: [...new Set(input.allergens)],
    dislikes: [...new Set(input.dislikes)],
    energyKcal: input.energyKcal,
    activityFactor: input.activityFactor,
    proteinsPct: input.split?.proteinsPct ?? null,
    carbohydratesPct: input.split?.carbohydratesPct ?? null,
    fatPct: input.split?.fatPct ?? null,
    updatedBy: caller.id,
  });
  const changed: string[] = ['profile'];
  if (input.consultation) {
    const latest = await latestDieteticConsultation(ctx, caller, patient.id);
    if (latest) {
      await updateDieteticFields(ctx, caller, patient.id, latest.id, input.consultation);
      changed.push(...CONSULTATION_DIETETIC_KEYS.filter((k) => input.consultation![k] !== latest[k]));
    }
  }
  await recordAudit(ctx, caller, { action: 'dietetics.profile.write', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { fields: changed } });
  return readProfile(ctx, caller, idPatient);
}

export async function readPractitionerPreferences(ctx: AppContext, caller: Caller): Promise<PractitionerPreferences> {
  const row = await repo.findPractitionerPreferences(ctx.db, caller.id);
  return {
    split: row ? { proteinsPct: row.proteinsPct, carbohydratesPct: row.carbohydratesPct, fatPct: row.fatPct } : DEFAULT_SPLIT,
    mealTimes: (row?.mealTimes ?? { breakfast: '07:30', lunch: '12:30', dinner: '19:30', snack: '16:30' }) as PractitionerPreferences['mealTimes'],
    portionUnit: (row?.portionUnit ?? 'g') as 'g' | 'portion',
    showFibres: row?.showFibres ?? true,
  };
}

export async function writePractitionerPreferences(ctx: AppContext, caller: Caller, input: PractitionerPreferences): Promise<PractitionerPreferences> {
  await repo.upsertPractitionerPreferences(ctx.db, { userId: caller.id, ...input.split, mealTimes: input.mealTimes, portionUnit: input.portionUnit, showFibres: input.showFibres });
  await recordAudit(ctx, caller, { action: 'dietetics.preferences.write', outcome: 'success', recordType: 'user', recordId: caller.id });
  return readPractitionerPreferences(ctx, caller);
}
