import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '@wellbe/shared/schemas/responses';
import type {
  clinicalDocumentListAnswer,
  CreateClinicalDocument,
  issuedDocumentAnswer,
  sentDocumentAnswer,
  templateAnswer,
  templateListAnswer,
  verificationAnswer,
  ClinicalDocumentKind,
} from '@wellbe/shared/schemas/clinical-documents';
import { MEDICINE_QUERY_MIN, type medicineListAnswer } from '@wellbe/shared/schemas/medicines';
import { api, apiBlob } from '../../../lib/api.ts';

export type DocumentRow = Answer<typeof clinicalDocumentListAnswer>['data'][number];
export type IssuedDocument = Answer<typeof issuedDocumentAnswer>['data'];
export type TemplateRow = Answer<typeof templateListAnswer>['data'][number];
export type Verification = Answer<typeof verificationAnswer>;

const keys = {
  all: ['clinical-documents'] as const,
  patient: (id: string) => ['clinical-documents', 'patient', id] as const,
  mine: ['clinical-documents', 'mine'] as const,
  templates: (kind: string) => ['clinical-documents', 'templates', kind] as const,
  verify: (token: string) => ['clinical-documents', 'verify', token] as const,
};

export function usePatientDocuments(patientId: string) {
  return useQuery({
    queryKey: keys.patient(patientId),
    queryFn: ({ signal }) => api<Answer<typeof clinicalDocumentListAnswer>>('/clinical-documents', { query: { patientId }, signal }).then((a) => a.data),
  });
}

export function useMyDocuments() {
  // Its error is the page's (my-documents-page.tsx), not a toast as well.
  return useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => api<Answer<typeof clinicalDocumentListAnswer>>('/clinical-documents/mine', { signal }).then((a) => a.data), meta: { silent: true } });
}

export function useTemplates(kind: ClinicalDocumentKind) {
  return useQuery({
    queryKey: keys.templates(kind),
    queryFn: ({ signal }) => api<Answer<typeof templateListAnswer>>('/clinical-document-templates', { query: { kind }, signal }).then((a) => a.data),
  });
}

export function useIssueDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClinicalDocument) => api<Answer<typeof issuedDocumentAnswer>>('/clinical-documents', { method: 'POST', body }).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useVerification(token: string) {
  return useQuery({
    queryKey: keys.verify(token),
    queryFn: ({ signal }) => api<Verification>(`/verify/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    meta: { silent: true },
  });
}

/** Opens the signed PDF in a new tab (the download needs the session's token: fetched, then shown). */
export async function openPdf(pdfUrl: string): Promise<void> {
  const { blob } = await apiBlob(pdfUrl.replace(/^\/api/, ''));
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** BDPM suggestions for what is typed in an ordonnance line (two letters at least). */
export function useMedicineSuggestions(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['medicines', query] as const,
    queryFn: ({ signal }) => api<Answer<typeof medicineListAnswer>>('/medicines', { query: { q: query }, signal }).then((a) => a.data),
    enabled: query.length >= MEDICINE_QUERY_MIN,
    staleTime: 5 * 60_000,
  });
}

/** Every template the caller sees, inactive ones included (the "Modèles de documents" card). */
export function useAllTemplates() {
  return useQuery({
    queryKey: [...keys.all, 'templates', 'all'] as const,
    queryFn: ({ signal }) => api<Answer<typeof templateListAnswer>>('/clinical-document-templates', { query: { all: '1' }, signal }).then((a) => a.data),
  });
}

export type TemplateBody = { kind: ClinicalDocumentKind; name: string; content: TemplateRow['content']; shared?: boolean; active?: boolean };

/** Creates (no id), edits, duplicates or (de)activates a template; every template list is read again. */
export function useTemplateChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, duplicate }: { id?: string; body?: TemplateBody; duplicate?: boolean }) =>
      api<Answer<typeof templateAnswer>>(id ? `/clinical-document-templates/${id}${duplicate ? '/duplicate' : ''}` : '/clinical-document-templates', {
        method: id && !duplicate ? 'PUT' : 'POST',
        body: duplicate ? {} : id && body ? { kind: body.kind, name: body.name, content: body.content, active: body.active } : body,
      }).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** "Envoyer dans la messagerie": the signed PDF posted in the chat with the patient. */
export function useSendDocument() {
  return useMutation({ mutationFn: (id: string) => api<Answer<typeof sentDocumentAnswer>>(`/clinical-documents/${id}/send`, { method: 'POST', body: {} }).then((a) => a.data) });
}
