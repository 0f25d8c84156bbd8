import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './Dialog';

function SavingForm({ onClose }: { onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Dialog title="Customize Your Gift" onClose={onClose}>
      {saved ? (
        <p>Saved.</p>
      ) : (
        <button type="button" onClick={() => setSaved(true)}>
          Save
        </button>
      )}
    </Dialog>
  );
}

describe('dialog', () => {
  it('keeps focus inside when the focused control leaves, so Escape still closes it', async () => {
    const onClose = jest.fn();
    render(<SavingForm onClose={onClose} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    // The button is gone and focus with it (browsers send focusout as it leaves; jsdom does not).
    fireEvent.focusOut(screen.getByRole('dialog'));
    expect(document.body).toHaveFocus();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByRole('dialog')).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
