import { fold } from '@wellbe/shared/domain/text';
import type { Database } from '../client.ts';
import { noteLabelLinks, noteLabels, notes } from '../tables.ts';

// Demo notes of the practitioner `pr`: a few memos, a checklist, a reminder later today.

export async function seedNotes(db: Database, userId: string, organizationId: string, patientId: string, now: Date): Promise<void> {
  const labels = await db
    .insert(noteLabels)
    .values(['Cabinet', 'Formation', 'Patients'].map((name) => ({ userId, name, nameKey: fold(name) })))
    .returning({ id: noteLabels.id, name: noteLabels.name });
  const label = (name: string) => labels.find((l) => l.name === name)!.id;
  const hour = 3600_000;
  const rows: { note: Omit<typeof notes.$inferInsert, 'userId'>; labels: string[] }[] = [
    {
      note: { title: 'Commandes du cabinet', kind: 'checklist', items: [{ text: 'Gants nitrile taille M', done: true }, { text: 'Abaisse-langues', done: false }, { text: 'Papier pour table d’examen', done: false }], colour: 'yellow', pinned: true },
      labels: ['Cabinet'],
    },
    {
      note: { title: 'FMC diabète de type 2', content: 'Inscription avant le 15 du mois. Relire les recommandations HAS sur l’intensification thérapeutique.', colour: 'blue', reminderAt: new Date(now.getTime() + 2 * hour) },
      labels: ['Formation'],
    },
    {
      note: { title: 'Lucas Bernard : suivi lombalgie', content: 'Proposer la reprise progressive de la course à pied. Revoir dans 6 semaines.', colour: 'green', patientId },
      labels: ['Patients'],
    },
    { note: { title: '', content: 'Rappeler le laboratoire BioLyon pour les résultats de Mme Martin.', colour: 'default', pinned: true }, labels: [] },
    { note: { title: 'Ancien protocole de vaccination', content: 'Remplacé par le calendrier vaccinal de l’année.', colour: 'grey', archived: true }, labels: ['Cabinet'] },
  ];
  for (const [i, r] of rows.entries()) {
    const n = r.note;
    const at = new Date(now.getTime() - (rows.length - i) * hour);
    const [row] = await db
      .insert(notes)
      .values({
        ...n,
        userId,
        organizationId,
        searchKey: fold([n.title ?? '', n.content ?? '', ...(n.items ?? []).map((x) => x.text)].join(' ')),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: notes.id });
    if (r.labels.length) await db.insert(noteLabelLinks).values(r.labels.map((l) => ({ noteId: row.id, labelId: label(l) })));
  }
}
