import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Modal } from './Modal';

function CancelTicket({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Cancel Ticket</Button>
      <Modal
        open={open}
        title="Cancel this ticket?"
        onClose={close}
        footer={<Button onClick={close}>Back</Button>}
      >
        <p>The seat goes back on sale.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a labelled modal dialog and takes focus', async () => {
    render(<CancelTicket />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Ticket' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel this ticket?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and gives focus back', async () => {
    const onClose = vi.fn();
    render(<CancelTicket onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Cancel Ticket' });
    await userEvent.click(opener);

    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<CancelTicket />);
    await user.click(screen.getByRole('button', { name: 'Cancel Ticket' }));

    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('renders nothing when closed', () => {
    render(<Modal open={false} title="Hidden" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
