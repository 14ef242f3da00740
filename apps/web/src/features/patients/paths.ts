// SPEC §2 /patient/{patientHandle}/{idPatient?}/{consultId?}: the handle names the tab.
export const FILE_TABS = ['dossier', 'consultations', 'mesures', 'documents', 'dietetique', 'sport', 'questionnaires', 'journal'] as const;
export type FileTab = (typeof FILE_TABS)[number];

export function filePath(tab: FileTab, idPatient: string, consultId?: string): string {
  return `/patient/${tab}/${encodeURIComponent(idPatient)}${consultId ? `/${encodeURIComponent(consultId)}` : ''}`;
}

export function isFileTab(value: string | undefined): value is FileTab {
  return (FILE_TABS as readonly string[]).includes(value ?? '');
}
