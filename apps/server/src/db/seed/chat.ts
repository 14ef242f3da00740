import type { Database } from '../client.ts';
import { chatConversations, chatMembers, chatMessages, chatUserStatus } from '../tables.ts';

// Demo conversations (issue 16): pr with pa and ad, the practice's team group, pr with the patient
// pt (Lucas Bernard), and pa's support request to the WellBe team. Some messages are left unread.
export async function seedChat(db: Database, ids: Record<string, string>, organizationId: string, patientId: string, now: Date): Promise<void> {
  const minute = 60_000;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * minute);
  const conversations: {
    kind: 'direct' | 'group' | 'support';
    title?: string;
    members: string[];
    patient?: boolean;
    /** Messages: who (username), text, minutes ago. */
    messages: [string, string, number][];
    /** Members who have not read the last n messages. */
    unread?: Record<string, number>;
  }[] = [
    {
      kind: 'direct',
      members: ['pr', 'pa'],
      messages: [
        ['pa', 'Bonjour Julien, peux-tu prendre Mme Martin jeudi à 10 h ? Je suis en formation.', 180],
        ['pr', 'Oui, pas de souci, je la note.', 170],
        ['pa', 'Merci ! Son dernier bilan est dans son dossier.', 20],
      ],
      unread: { pr: 1 },
    },
    {
      kind: 'direct',
      members: ['pr', 'ad'],
      messages: [
        ['ad', 'La salle 2 sera fermée vendredi matin pour travaux.', 300],
        ['pr', 'Bien reçu, je consulterai en salle 3.', 290],
      ],
    },
    {
      kind: 'group',
      title: 'Équipe du cabinet',
      members: ['pr', 'pa', 'ad', 'rh'],
      messages: [
        ['rh', 'Rappel : les plannings de congés d’été sont à rendre avant le 15.', 600],
        ['ad', 'Réunion d’équipe lundi à 13 h, salle de pause.', 45],
      ],
      unread: { pr: 1, pa: 1 },
    },
    {
      kind: 'direct',
      members: ['pr', 'pt'],
      patient: true,
      messages: [
        ['pt', 'Bonjour docteur, puis-je reprendre la course à pied ?', 240],
        ['pr', 'Bonjour, oui, progressivement : 20 minutes deux fois par semaine pour commencer.', 200],
      ],
    },
    {
      kind: 'support',
      members: ['pa'],
      messages: [['pa', 'Bonjour, comment ajouter une nouvelle praticienne à notre cabinet ?', 90]],
    },
  ];

  for (const c of conversations) {
    const members = c.members.map((u) => ids[u]);
    const last = c.messages.length ? at(c.messages[c.messages.length - 1][2]) : null;
    const [conv] = await db
      .insert(chatConversations)
      .values({
        organizationId,
        kind: c.kind,
        title: c.title ?? '',
        directKey: c.kind === 'direct' ? [...members].sort().join(':') : null,
        patientId: c.patient ? patientId : null,
        createdBy: ids[c.members[0] === 'pt' ? c.members[1] : c.members[0]],
        lastSeq: c.messages.length,
        lastMessageAt: last,
        supportStatus: c.kind === 'support' ? 'open' : null,
        createdAt: at(c.messages[0]?.[2] ?? 0),
      })
      .returning({ id: chatConversations.id });
    await db.insert(chatMessages).values(
      c.messages.map(([who, text, ago], i) => ({ id: crypto.randomUUID(), conversationId: conv.id, seq: i + 1, senderId: ids[who], text, createdAt: at(ago) })),
    );
    await db.insert(chatMembers).values(
      c.members.map((u) => {
        const read = c.messages.length - (c.unread?.[u] ?? 0);
        // Seeded unread messages count as already mailed: a fresh demo sends no mail.
        return { conversationId: conv.id, userId: ids[u], lastReadSeq: read, mailedSeq: c.messages.length };
      }),
    );
  }
  await db.insert(chatUserStatus).values([
    { userId: ids.pa, status: 'online', mood: 'En consultation jusqu’à 18 h' },
    { userId: ids.ad, status: 'away', mood: '' },
    { userId: ids.rh, status: 'dnd', mood: 'Paie du mois en cours' },
    { userId: ids.pr, status: 'online', mood: '' },
  ]);
}
