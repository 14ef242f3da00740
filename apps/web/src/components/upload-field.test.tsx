import { Suspense, useState, type ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadField } from './upload-field.tsx';
import { i18n, i18nReady } from '../i18n/i18n.ts';

// The upload field of the consultation panel and the patient file (SPEC §5).

const wrap = (children: ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback="…">{children}</Suspense>
    </I18nextProvider>,
  );

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Harness({ onFiles }: { onFiles?: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <UploadField
      label="Documents"
      files={files}
      onChange={(next) => {
        setFiles(next);
        onFiles?.(next);
      }}
    />
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces('consultations');
});

describe('UploadField', () => {
  it('lists accepted files with their size in ko (size/1000 rounded) and removes them', async () => {
    wrap(<Harness />);
    const input = await screen.findByTestId('upload-input');
    fireEvent.change(input, { target: { files: [fileOf('ordonnance.pdf', 123_456), fileOf('radio.JPG', 1_499)] } });
    const list = screen.getByRole('list', { name: 'Fichiers à envoyer' });
    expect(within(list).getByText('ordonnance.pdf')).toBeInTheDocument();
    expect(within(list).getByText('123 ko')).toBeInTheDocument();
    expect(within(list).getByText('1 ko')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer ordonnance.pdf' }));
    expect(screen.queryByText('ordonnance.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('radio.JPG')).toBeInTheDocument();
  });

  it('refuses other types and files over 50,000,000 bytes before sending, with a message', async () => {
    const onFiles = vi.fn();
    wrap(<Harness onFiles={onFiles} />);
    const input = await screen.findByTestId('upload-input');
    fireEvent.change(input, { target: { files: [fileOf('script.exe', 10), fileOf('scanner.pdf', 50_000_001), fileOf('limite.pdf', 50_000_000)] } });
    expect(screen.getByText(/« script\.exe » : type de fichier non accepté/)).toBeInTheDocument();
    expect(screen.getByText(/« scanner\.pdf » dépasse la taille maximale/)).toBeInTheDocument();
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0][0].map((f: File) => f.name)).toEqual(['limite.pdf']);
  });

  it('takes dropped files', async () => {
    wrap(<Harness />);
    const zone = await screen.findByTestId('upload-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('compte-rendu.docx', 2_600)] } });
    expect(screen.getByText('compte-rendu.docx')).toBeInTheDocument();
    expect(screen.getByText('3 ko')).toBeInTheDocument();
  });
});
