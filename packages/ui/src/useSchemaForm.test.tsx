import { ApiError } from '@cinema/api-client';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstErrorPerField, useSchemaForm } from './useSchemaForm';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  rows: z.string().regex(/^\d+$/, 'Rows must be a whole number.').transform(Number),
});

function renderForm() {
  return renderHook(() => useSchemaForm({ name: '', rows: '8' }));
}

function type(field: { onChange: (event: ChangeEvent<HTMLInputElement>) => void }, value: string) {
  act(() => field.onChange({ target: { value } } as ChangeEvent<HTMLInputElement>));
}

describe('firstErrorPerField', () => {
  it('keeps the first message of each field', () => {
    const result = z
      .object({ code: z.string().min(1, 'OTP is required.').length(6, 'Six digits.') })
      .safeParse({ code: '' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(firstErrorPerField(result.error)).toEqual({ code: 'OTP is required.' });
  });
});

describe('useSchemaForm', () => {
  it('binds fields to string values', () => {
    const { result } = renderForm();
    expect(result.current.field('rows')).toMatchObject({ name: 'rows', value: '8' });
    type(result.current.field('name'), 'PVR');
    expect(result.current.values).toEqual({ name: 'PVR', rows: '8' });
  });

  it('returns the parsed values, or shows one message per field and returns null', () => {
    const { result } = renderForm();
    type(result.current.field('rows'), 'x');
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate(schema);
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({
      name: 'Name is required.',
      rows: 'Rows must be a whole number.',
    });

    type(result.current.field('name'), ' PVR ');
    type(result.current.field('rows'), '10');
    act(() => {
      parsed = result.current.validate(schema);
    });
    expect(parsed).toEqual({ name: 'PVR', rows: 10 });
  });

  it('clears a field message as soon as that field is edited, and only that one', () => {
    const { result } = renderForm();
    type(result.current.field('rows'), 'x');
    act(() => {
      result.current.validate(schema);
    });
    type(result.current.field('name'), 'P');
    expect(result.current.errors).toEqual({ rows: 'Rows must be a whole number.' });
  });

  it('shows field messages for fields it has and ignores the others', () => {
    const { result } = renderForm();
    act(() => result.current.showFieldErrors({ name: 'Name is taken.', owner: 'Not yours.' }));
    expect(result.current.errors).toEqual({ name: 'Name is taken.' });
  });

  it('shows a failed call under its fields, else the server’s own words for the whole form', () => {
    const { result } = renderForm();
    act(() =>
      result.current.showServerError(
        new ApiError({ status: 400, message: 'Invalid', fields: { name: 'Name is taken.' } }),
      ),
    );
    expect(result.current.errors).toEqual({ name: 'Name is taken.' });
    expect(result.current.formError).toBeNull();

    act(() =>
      result.current.showServerError(
        new ApiError({ status: 409, message: 'The show overlaps another.', fields: { x: 'y' } }),
      ),
    );
    expect(result.current.formError).toBe('The show overlaps another.');
  });

  it('says nothing for the whole form when nobody said what went wrong', () => {
    const { result } = renderForm();
    act(() =>
      result.current.showServerError(
        new ApiError({ status: 500, message: 'Something went wrong.', isGenericMessage: true }),
      ),
    );
    act(() => result.current.showServerError(new TypeError('Failed to fetch')));
    expect(result.current.formError).toBeNull();
    expect(result.current.errors).toEqual({});
  });

  it('validating clears the form message, and reset clears everything', () => {
    const { result } = renderForm();
    act(() => result.current.setFormError('You must be logged in as an owner.'));
    act(() => {
      result.current.validate(schema);
    });
    expect(result.current.formError).toBeNull();

    type(result.current.field('name'), 'PVR');
    act(() => result.current.setFormError('Failed.'));
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ name: '', rows: '8' });
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
  });
});
