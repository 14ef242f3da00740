import type { Contact } from '@wellbe/shared/schemas/contacts';

/** A contact of the address book as GET /api/contacts answers it, for the contacts tests. */
export function testContact(fields: Partial<Contact> & Pick<Contact, 'id' | 'name'>): Contact {
  return { prefix: '', emails: [], phones: [], street: '', postalCode: '', city: '', region: '', country: '', addressType: 'other', url: '', lastName: '', avatar: '', nickname: '', company: '', jobTitle: '', email: '', phone: '', address: '', birthday: '', notes: '', profession: 'autre', rpps: '', starred: false, ...fields };
}
