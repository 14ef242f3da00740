import type { Encounter, Provenance } from '@medplum/fhirtypes';
import { richTextToPlain } from '../../lib/rich-text.ts';
import { derivedId, narrative, ref } from './records.fhir.ts';

// Issue 32: one FHIR Provenance per version of the patient's records (who, when, what), so the
// export carries the history: its target is the resource of the Bundle the version belongs to
// (the Encounter of a consultation, the Patient), whose `meta.versionId` is its current version.

const ACTIVITY: Record<string, string> = {
  created: 'Création',
  updated: 'Modification',
  signed: 'Signature',
  locked: 'Verrouillage automatique',
  addendum: 'Complément',
  archived: 'Archivage',
};

export interface VersionFacts {
  recordType: string;
  recordId: string;
  version: number;
  kind: string;
  at: Date;
  authorId: string | null;
  authorRole: string | null;
  hash: string;
}

/**
 * The Provenance of one version. `who` is the author's resource in the Bundle: the patient for
 * their own changes, the organisation for the automatic lock, otherwise the practitioner.
 */
export function provenanceResource(v: VersionFacts, bundle: { patientId: string; organizationId: string }): Provenance {
  const who = v.authorRole === 'PT' ? bundle.patientId : (v.authorId ?? bundle.organizationId);
  return {
    resourceType: 'Provenance',
    id: derivedId(v.recordId, 'version', String(v.version)),
    target: [{ ...ref(v.recordType === 'patient' ? bundle.patientId : v.recordId), display: `version ${v.version}` }],
    recorded: v.at.toISOString(),
    activity: { text: ACTIVITY[v.kind] ?? v.kind },
    agent: [{ who: ref(who) }],
    signature: [
      {
        type: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.14', display: 'Source Signature' }],
        when: v.at.toISOString(),
        who: ref(who),
        sigFormat: 'application/x-sha256-hex',
        data: Buffer.from(v.hash, 'hex').toString('base64'),
      },
    ],
  };
}

/** Whether the version's author is a Practitioner resource of the Bundle (to be written with the others). */
export const practitionerAuthor = (v: VersionFacts) => (v.authorId && v.authorRole !== 'PT' ? v.authorId : null);

/**
 * The addenda of a consultation added to its Encounter's narrative ("Complément du … (auteur)"),
 * escaped like the rest of it: a correction travels with the consultation it corrects.
 */
export function withAddenda(encounter: Encounter, addenda: { at: string; authorName: string; text: string }[], day: (iso: string) => string): Encounter {
  if (addenda.length === 0) return encounter;
  const lines: [string, string][] = addenda.map((a) => [`Complément du ${day(a.at)} (${a.authorName})`, richTextToPlain(a.text)]);
  const extra = narrative(lines);
  if (!extra) return encounter;
  const div = encounter.text ? encounter.text.div.replace(/<\/div>$/, extra.div.replace(/^<div[^>]*>/, '')) : extra.div;
  return { ...encounter, text: { status: 'generated', div } };
}
