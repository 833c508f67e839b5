import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('is a plain button by default and forwards a submit type', () => {
    render(
      <>
        <Button>Back</Button>
        <Button type="submit">Login</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('shows the busy label and is disabled while busy', async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Login..." onClick={onClick}>
        Login
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Login...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled without being busy', () => {
    render(<Button disabled>Send OTP</Button>);
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
  });
});
