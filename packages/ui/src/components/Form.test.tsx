import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldRow, Form, FormActions, FormError } from './Form';

describe('Form', () => {
  it('leaves validation to the app and lays out its fields, rows and actions', () => {
    render(
      <Form aria-label="Add Theater" panel>
        <FieldRow>
          <input aria-label="Rows" />
          <input aria-label="Seats per row" />
        </FieldRow>
        <FormActions>
          <button type="submit">Add Theater</button>
        </FormActions>
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Add Theater' });
    expect(form).toHaveAttribute('novalidate');
    expect(form).toContainElement(screen.getByLabelText('Seats per row'));
    expect(form).toContainElement(screen.getByRole('button', { name: 'Add Theater' }));
  });

  it('FormError announces a message for the whole form, and is absent without one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<FormError message="A show already runs then." />);
    expect(screen.getByRole('alert')).toHaveTextContent('A show already runs then.');
  });
});
