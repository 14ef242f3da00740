export function ContactsPage() { return null; }
