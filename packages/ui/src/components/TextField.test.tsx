import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

describe('TextField', () => {
  it('binds its label to the input and passes input props through', async () => {
    const onChange = vi.fn();
    render(
      <TextField
        label="Email"
        name="email_or_username"
        placeholder="you@example.com"
        onChange={onChange}
      />,
    );

    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('name', 'email_or_username');
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.type(input, 'a');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows the error under the input, marks it invalid and describes it', () => {
    render(<TextField label="Email" error="Email or username is required" />);

    const input = screen.getByLabelText('Email');
    expect(screen.getByText('Email or username is required')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email or username is required');
  });

  it('shows and hides a password with the toggle', async () => {
    render(<TextField label="Password" type="password" passwordToggle />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('has no toggle unless asked for one', () => {
    render(<TextField label="Password" type="password" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SelectField', () => {
  it('binds its label, lists the options after the placeholder, and shows an error', async () => {
    const options = [
      { value: 'user', label: 'User' },
      { value: 'owner', label: 'Owner' },
    ];
    render(
      <SelectField
        label="Select Role"
        placeholder="Select Role"
        options={options}
        error="Please select a role."
      />,
    );

    const select = screen.getByLabelText('Select Role');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select Role',
      'User',
      'Owner',
    ]);
    expect(select).toHaveAccessibleDescription('Please select a role.');

    await userEvent.selectOptions(select, 'owner');
    expect(select).toHaveValue('owner');
  });
});

describe('TextAreaField', () => {
  it('binds its label and shows a hint', () => {
    render(<TextAreaField label="Description" hint="A line or two about the movie" />);
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      'A line or two about the movie',
    );
  });
});
