import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileButton } from './file-button.tsx';

// A file chooser's button is a <button> (a <label role="button"> failed axe's aria-allowed-role in
// Lighthouse), its hidden input is named, and choosing the same file twice counts twice.

describe('FileButton', () => {
  it('is a real button, names its hidden input, and hands over each file chosen', () => {
    const onFile = vi.fn();
    render(
      <FileButton accept="image/png" onFile={onFile}>
        Choisir une image
      </FileButton>,
    );
    const button = screen.getByRole('button', { name: 'Choisir une image' });
    expect(button.tagName).toBe('BUTTON');
    const input = screen.getByLabelText<HTMLInputElement>('Choisir une image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile.mock.calls).toEqual([[file], [file]]);
  });

  it('takes another name for its input when the button’s text is not one', () => {
    render(
      <FileButton accept="image/png" onFile={() => undefined} inputLabel="Couverture">
        <span>Choisir</span>
      </FileButton>,
    );
    expect(screen.getByLabelText('Couverture')).toHaveAttribute('type', 'file');
  });
});
